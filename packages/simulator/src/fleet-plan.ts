import type { DeviceClass, WireSettings } from '@powerdeck/domain';
import { DEVICE_CLASSES, getDeviceSpec } from '@powerdeck/domain';
import { Rng, deriveSeed } from './rng';

export interface KidPlan {
  devId: string;
  devClass: DeviceClass;
  name: string;
  seed: number;
  /** Settings the unit was configured with (wire form); its class's factory values otherwise. */
  settings?: WireSettings;
}

export interface DevicePlan extends KidPlan {
  kids: KidPlan[];
  /** Units on its bus or radio it reports only once a discovery found them. */
  undiscovered?: KidPlan[];
  /** The outlet the device's own network uplink (the site's modem) is plugged into. */
  uplinkOtlt?: number;
}

/** Classes reached on their own (the rest attach to one of these). */
export const TOP_LEVEL_CLASSES: readonly DeviceClass[] = DEVICE_CLASSES.filter(
  (c) => !getDeviceSpec(c).isChild,
);

/** The spec's MAC prefix (the registration form pre-fills 10-65-A3). */
export const MAC_PREFIX = '1065A3';

const NAMES = ['Rack', 'Stage', 'Lobby', 'Booth', 'Closet', 'Studio', 'Bar', 'Office', 'Gym'];

/**
 * A fleet of `count` devices cycling through every top-level class, with kids where the class
 * carries them: one attached unit per cv2/cv3 card, one to three plugs per bb1000 gateway and
 * sequencers per bb232. Deterministic for a seed, so `--seed` gives the same ids every run.
 */
export function planFleet(count: number, seed: number): DevicePlan[] {
  const rng = new Rng(seed);
  const base = rng.int(0, 0xffffff - count);
  const plans: DevicePlan[] = [];
  // Kid classes go round per set of kid classes (cv2 and cv3 share one), so a fleet of a few rounds shows every class.
  const kidTurn = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const devClass = TOP_LEVEL_CLASSES[i % TOP_LEVEL_CLASSES.length];
    if (!devClass) continue;
    const spec = getDeviceSpec(devClass);
    const devId = MAC_PREFIX + (base + i).toString(16).toUpperCase().padStart(6, '0');
    const kidCount =
      spec.childClasses.length === 0
        ? 0
        : devClass === 'cv2' || devClass === 'cv3'
          ? 1
          : rng.int(1, 3);
    const kids = Array.from({ length: kidCount }, (_, k) => {
      const key = spec.childClasses.join();
      const turn = kidTurn.get(key) ?? 0;
      kidTurn.set(key, turn + 1);
      const kidClass = spec.childClasses[turn % spec.childClasses.length] ?? devClass;
      return {
        devId: rng.hex(12),
        devClass: kidClass,
        name: `${kidClass.toUpperCase()} ${k + 1}`,
        seed: deriveSeed(seed, count + i * 4 + k),
      };
    });
    plans.push({
      devId,
      devClass,
      name: `${rng.pick(NAMES)} ${devClass.toUpperCase()} ${i + 1}`,
      seed: deriveSeed(seed, i),
      kids,
    });
  }
  return plans;
}

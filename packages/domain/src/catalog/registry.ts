import type { DeviceClass } from './device-class';
import { DEVICE_CLASSES } from './device-class';
import type { DeviceSpecDraft, FamilyModule } from './define-family';
import type { DeviceFamily, DeviceSpec } from './device-spec';
import { bb232Family } from './families/bb232';
import { controllerFamily } from './families/controller';
import { cvFamily } from './families/cv';
import { dc12ipFamily } from './families/dc12ip';
import { gatewayFamily } from './families/gateway';
import { kf1500Family } from './families/kf1500';
import { km4315Family } from './families/km4315';
import { sequencerFamily } from './families/sequencer';
import { vtFamily } from './families/vt';
import { wirelessFamily } from './families/wireless';

/** The one place family modules are found (CONVENTIONS "Device families"). */
export const FAMILY_MODULES: readonly FamilyModule[] = [
  km4315Family,
  kf1500Family,
  cvFamily,
  gatewayFamily,
  wirelessFamily,
  bb232Family,
  sequencerFamily,
  vtFamily,
  dc12ipFamily,
  controllerFamily,
];

function buildRegistry(): ReadonlyMap<DeviceClass, DeviceSpec> {
  const drafts = new Map<DeviceClass, DeviceSpecDraft>();
  for (const module of FAMILY_MODULES) {
    for (const draft of module.specs) {
      if (drafts.has(draft.devClass)) {
        throw new Error(`Device class ${draft.devClass} is declared by two families`);
      }
      drafts.set(draft.devClass, draft);
    }
  }
  const registry = new Map<DeviceClass, DeviceSpec>();
  for (const devClass of DEVICE_CLASSES) {
    const draft = drafts.get(devClass);
    if (!draft) throw new Error(`Device class ${devClass} has no family`);
    // Parent/child is declared once, on the child; the parent's list is derived from it.
    const childClasses = DEVICE_CLASSES.filter((other) =>
      drafts.get(other)?.parentClasses.includes(devClass),
    );
    registry.set(devClass, Object.freeze({ ...draft, childClasses }));
  }
  return registry;
}

const REGISTRY = buildRegistry();

export function getDeviceSpec(devClass: DeviceClass): DeviceSpec {
  const spec = REGISTRY.get(devClass);
  // Unreachable: buildRegistry throws at load time when a class has no family.
  if (!spec) throw new Error(`Unknown device class ${devClass}`);
  return spec;
}

/** The spec of a class named by untrusted text, or undefined for an unknown class. */
export function findDeviceSpec(devClass: string): DeviceSpec | undefined {
  return REGISTRY.get(devClass as DeviceClass);
}

export function classesOfFamily(family: DeviceFamily): readonly DeviceClass[] {
  return DEVICE_CLASSES.filter((devClass) => getDeviceSpec(devClass).family === family);
}

export const DEVICE_FAMILIES: readonly DeviceFamily[] = FAMILY_MODULES.map((m) => m.family);

import type { DeviceClass, DeviceFamily, EventType } from '@powerdeck/domain';
import { discoversUnits, findSetting, getDeviceSpec, takesPingTargets } from '@powerdeck/domain';

/** What a model needs to know about its class, read from the domain catalog. */
export interface ClassFacts {
  devClass: DeviceClass;
  family: DeviceFamily;
  isChild: boolean;
  childClasses: readonly DeviceClass[];
  outletCount: number;
  bankLabelCount: number;
  meter: boolean;
  wattage: boolean;
  battery: boolean;
  findMe: boolean;
  /** A device reached on its own can restart; a kid is restarted through its parent. */
  reboot: boolean;
  sequence: boolean;
  /** How many power condition codes the class reports (0: none). */
  powerConditions: number;
  /** Event types the class lets a user subscribe to or not (its events setting). */
  eventChoices: readonly EventType[];
  /** Runs auto-ping (a device reached directly with outlets of its own or of its kids). */
  pingTargets: boolean;
  /** Scans for attached units (the `discover` command). */
  discovers: boolean;
  /** Joined through a wireless gateway: reports its signal. */
  wireless: boolean;
}

// The km4315 family reports a sequence state and the CN units are sequencers, even where the
// console offers no sequence button: the devices still sequence at power-up and on request.
const SEQUENCING_FAMILIES: ReadonlySet<DeviceFamily> = new Set(['km4315', 'sequencer', 'vt']);

const cache = new Map<DeviceClass, ClassFacts>();

export function classFacts(devClass: DeviceClass): ClassFacts {
  const cached = cache.get(devClass);
  if (cached) return cached;
  const spec = getDeviceSpec(devClass);
  const facts: ClassFacts = {
    devClass,
    family: spec.family,
    isChild: spec.isChild,
    childClasses: spec.childClasses,
    outletCount: spec.outletCount,
    bankLabelCount: spec.bankLabelCount,
    meter: spec.panels.meter,
    wattage: spec.panels.wattage,
    battery: spec.panels.battery,
    findMe: spec.panels.findMe,
    reboot: !spec.isChild,
    sequence: spec.sequence !== null || SEQUENCING_FAMILIES.has(spec.family),
    powerConditions: spec.powerConditionLabels.length,
    eventChoices: findSetting(spec.settings, 'events')?.types ?? [],
    pingTargets: takesPingTargets(spec),
    discovers: discoversUnits(spec),
    wireless: spec.wireless,
  };
  cache.set(devClass, facts);
  return facts;
}

import type { EventType } from '../protocol/event';
import type { DeviceSettingField, DeviceSettings } from '../protocol/settings';
import { DEFAULT_STEP_DELAY_SEC } from '../protocol/settings';

/**
 * The settings a class has, as its family module lists them (issue 14): the Settings page shows a
 * section per descriptor and the server accepts only these, so neither asks which class it is.
 */
/** What the outlets a sequence acts on are called (spec §8: 'DC Trigger' on the vt4315). */
export type SequenceGroupLabel = 'Sequence - Group' | 'DC Trigger';

export type DeviceSettingDescriptor =
  | { key: 'name' }
  /** How often the device reports its status when nothing changes. */
  | { key: 'statusInterval' }
  /**
   * Which event types the device reports, of those it can raise. Firmware phases are not among
   * them: they are the progress of an upgrade the console runs, always reported.
   */
  | { key: 'events'; types: readonly EventType[] }
  /** The outlets a sequence switches, in order, each with its power-on delay. */
  | { key: 'sequenceGroup'; label: SequenceGroupLabel }
  /** The outlets Cycle Group cycles together, and how long they stay off. */
  | { key: 'cycleGroup' }
  /** Each outlet's state when power returns after a loss. */
  | { key: 'powerOn' }
  /** Where the device's clock comes from, and its time zone. */
  | { key: 'clock' };
export type DeviceSettingKey = DeviceSettingDescriptor['key'];

/** The fields of the settings each descriptor is made of. */
export const SETTING_FIELDS: Readonly<Record<DeviceSettingKey, readonly DeviceSettingField[]>> = {
  name: ['name'],
  statusInterval: ['statusIntervalSec'],
  events: ['events'],
  sequenceGroup: ['sequenceGroup'],
  cycleGroup: ['cycleGroup', 'cycleOffSec'],
  powerOn: ['powerOn'],
  clock: ['clockSource', 'ntpServer', 'timezone'],
};

/** What a family module says about its settings; `describeSettings` turns it into descriptors. */
export interface SettingsTraits {
  events: readonly EventType[];
  sequenceGroup?: SequenceGroupLabel;
  cycleGroup?: boolean;
  powerOn?: boolean;
  /** A device reached on its own keeps a clock; a kid runs on its parent's. */
  clock?: boolean;
}

/** Name, status interval and event subscriptions for every class; the rest as the family says. */
export function describeSettings(traits: SettingsTraits): readonly DeviceSettingDescriptor[] {
  return [
    { key: 'name' },
    { key: 'statusInterval' },
    { key: 'events', types: traits.events },
    ...(traits.sequenceGroup
      ? [{ key: 'sequenceGroup', label: traits.sequenceGroup } as const]
      : []),
    ...(traits.cycleGroup ? [{ key: 'cycleGroup' } as const] : []),
    ...(traits.powerOn ? [{ key: 'powerOn' } as const] : []),
    ...(traits.clock ? [{ key: 'clock' } as const] : []),
  ];
}

/** The descriptor of a setting in a class's list, or undefined when the class has none. */
export function findSetting<K extends DeviceSettingKey>(
  settings: readonly DeviceSettingDescriptor[],
  key: K,
): Extract<DeviceSettingDescriptor, { key: K }> | undefined {
  return settings.find((d): d is Extract<DeviceSettingDescriptor, { key: K }> => d.key === key);
}

/** The fields of the settings a class has. */
export function settingFieldsOf(
  settings: readonly DeviceSettingDescriptor[],
): DeviceSettingField[] {
  return settings.flatMap((d) => SETTING_FIELDS[d.key]);
}

/** Factory values (docs/device-protocol.md "Settings"), what a new device starts with. */
export const FACTORY_SETTINGS = {
  statusIntervalSec: 30,
  cycleOffSec: 5,
  clockSource: 'ntp',
  ntpServer: 'pool.ntp.org',
  timezone: '0.00',
} as const satisfies DeviceSettings;

/**
 * What a device of a class has before anyone changed it: every outlet in its sequence group (in
 * order, a second apart) and in its cycle group, every outlet back as it was after a power loss,
 * every event reported, the clock from NTP in UTC. The simulator starts with these, and the console
 * assumes them until the device has reported its own.
 */
export function factorySettings(spec: {
  settings: readonly DeviceSettingDescriptor[];
  outletCount: number;
}): DeviceSettings {
  const outlets = Array.from({ length: spec.outletCount }, (_, i) => i + 1);
  const settings: DeviceSettings = {};
  for (const descriptor of spec.settings) {
    switch (descriptor.key) {
      case 'name':
        break;
      case 'statusInterval':
        settings.statusIntervalSec = FACTORY_SETTINGS.statusIntervalSec;
        break;
      case 'events':
        settings.events = [...descriptor.types];
        break;
      case 'sequenceGroup':
        settings.sequenceGroup = outlets.map((otlt, i) => ({
          otlt,
          delaySec: i === 0 ? 0 : DEFAULT_STEP_DELAY_SEC,
        }));
        break;
      case 'cycleGroup':
        settings.cycleGroup = outlets;
        settings.cycleOffSec = FACTORY_SETTINGS.cycleOffSec;
        break;
      case 'powerOn':
        settings.powerOn = outlets.map(() => 'last');
        break;
      case 'clock':
        settings.clockSource = FACTORY_SETTINGS.clockSource;
        settings.ntpServer = FACTORY_SETTINGS.ntpServer;
        settings.timezone = FACTORY_SETTINGS.timezone;
        break;
    }
  }
  return settings;
}

/**
 * What a save sends: the settings of `after` that differ from `before`, a descriptor at a time (a
 * changed clock sends its source, server and zone together, so the device never gets half of it).
 */
export function changedSettings(
  settings: readonly DeviceSettingDescriptor[],
  before: DeviceSettings,
  after: DeviceSettings,
): DeviceSettings {
  const changed: Record<string, unknown> = {};
  for (const descriptor of settings) {
    const fields = SETTING_FIELDS[descriptor.key];
    const differs = fields.some(
      (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
    );
    if (!differs) continue;
    for (const field of fields) if (after[field] !== undefined) changed[field] = after[field];
  }
  return changed;
}

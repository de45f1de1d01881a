import {
  type DeviceSettings,
  type DeviceSpec,
  type WireSettings,
  encodeDeviceSettings,
  factorySettings,
} from '@powerdeck/domain';

/** Seconds between steps of a demo sequence; power amplifiers (the last two) wait longer. */
const STEP_SEC = 2;
const AMPLIFIER_STEP_SEC = 4;
/** A demo cycle group keeps its outlets off this long. */
const CYCLE_OFF_SEC = 10;

/**
 * The settings a demo device was installed with (issue 14), in the form the device reports them:
 * every setting its class has (the catalog's descriptors), with a sequence group of all its
 * outlets in order — sources first, the last two (the amplifiers) after a longer wait — a cycle
 * group of its first two outlets (a projector and its switcher), the first outlet (the network
 * gear) always back on after a power loss and the others as they were, and the clock from NTP in
 * the location's time zone. The seed keeps them as reported, and the demo fleet starts with them,
 * so Sequence On/Off and Cycle Group work on first start.
 */
export function demoDeviceSettings(
  spec: Pick<DeviceSpec, 'settings' | 'outletCount'>,
  timezone: string,
): WireSettings {
  const settings: DeviceSettings = factorySettings(spec);
  const outlets = spec.outletCount;
  if (settings.sequenceGroup) {
    settings.sequenceGroup = settings.sequenceGroup.map((step, i) => ({
      otlt: step.otlt,
      delaySec: i === 0 ? 0 : outlets > 4 && i >= outlets - 2 ? AMPLIFIER_STEP_SEC : STEP_SEC,
    }));
  }
  if (settings.cycleGroup) {
    settings.cycleGroup = settings.cycleGroup.slice(0, 2);
    settings.cycleOffSec = CYCLE_OFF_SEC;
  }
  if (settings.powerOn)
    settings.powerOn = settings.powerOn.map((_, i) => (i === 0 ? 'on' : 'last'));
  if (settings.timezone !== undefined) settings.timezone = timezone;
  return encodeDeviceSettings(settings);
}

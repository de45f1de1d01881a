import type { DeviceClass } from '../catalog/device-class';
import { getDeviceSpec } from '../catalog/registry';

/** The power-condition label of a class's code (spec §9), or undefined when it has none. */
export function powerConditionLabel(devClass: DeviceClass, code: number): string | undefined {
  return getDeviceSpec(devClass).powerConditionLabels[code];
}

/**
 * Device state texts of spec §4. The spec names the states in lower case without quoting their
 * display words; these are the words shown, keyed by the state names the device protocol uses.
 * Power conditions are worded per family, in the catalog (`powerConditionLabel` above).
 */
export const batteryStateTexts = {
  discharging: 'Discharging',
  charging: 'Charging',
  full: 'Full',
} as const;

export const sequenceStateTexts = {
  completed: 'Sequencing Completed',
  'power-on': 'Power On',
  'power-off': 'Power Off',
  failed: 'Failed',
} as const;

export const cycleStateTexts = {
  inactive: 'Inactive',
  'in-progress': 'In Progress',
  'in-progress-failed': 'In Progress Failed',
} as const;

export const pingStateTexts = {
  pass: 'Pass',
  unknown: 'Unknown',
  fail: 'Fail',
} as const;

/** The Find Me button's text in each phase (spec §4); it reverts to 'Find Me' after 3 s. */
export const findMeTexts = {
  idle: 'Find Me',
  sending: 'Sending...',
  done: 'Done',
  failed: 'Find Me-Failed',
} as const;
export type FindMePhase = keyof typeof findMeTexts;

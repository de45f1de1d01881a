import type { CommandResult, EventType, PowerOnState } from '@powerdeck/domain';

/** What each event type a device can report is, in the console's words. */
export const EVENT_TYPE_LABELS: Readonly<Record<EventType, string>> = {
  outlet: 'Outlet switched on or off',
  cycle: 'Outlet cycled',
  power: 'Power condition changed',
  battery: 'Battery state',
  ping: 'Ping results',
  firmware: 'Firmware upgrade phases',
  sequence: 'Sequence steps',
  fault: 'Faults',
  findMe: 'Find Me',
  reboot: 'Reboots',
  info: 'Name, labels or settings changed',
  autoReboot: 'Auto-reboots by a ping target',
  discover: 'Discovery phases',
};

export const POWER_ON_LABELS: Readonly<Record<PowerOnState, string>> = {
  on: 'On',
  off: 'Off',
  last: 'As before',
};

/** Texts of the Settings page; the spec words only 'Error fetching device settings'. */
export const settingsTexts = {
  title: 'Settings',
  readOnly:
    'You can view these settings. Changing them needs a level other than CLIENT at this location.',
  general: 'General',
  name: 'Device name',
  statusInterval: 'Auto status update interval',
  statusIntervalHelp:
    'How often the device reports its status when nothing changes (5-60 seconds).',
  events: 'Event subscriptions',
  eventsHelp: 'The events the device reports to the console. Unchecked types are not reported.',
  sequenceHelp:
    'Sequence On switches these outlets on in this order, each after its delay; Sequence Off switches them off in reverse order.',
  sequenceEmpty: 'No outlet selected: Sequence On/Off has nothing to switch.',
  addOutlet: 'Add outlet',
  cycleGroup: 'Cycle group',
  cycleGroupHelp: 'Cycle Group switches these outlets off together, then on again.',
  cycleOffSec: 'Off time',
  cycleGroupFirmware: (fwVer: string) =>
    `Firmware ${fwVer}: the console sends the cycle group with each cycle, outlets 1-8 only.`,
  powerOn: 'Power-on state after power loss',
  powerOnHelp: 'What each outlet does when power returns after an outage.',
  clock: 'Clock',
  clockSource: 'Clock source',
  ntpServer: 'NTP server',
  timezone: 'Time zone',
  save: 'Save',
  saveFailed: 'The settings could not be saved. Please try again.',
  reset: 'Reset',
  saving: 'Saving… waiting for the device to confirm.',
  saved: 'Saved. The device confirmed the new settings.',
  readFromDevice: 'Read from the device just now.',
  lastReported: (when: string) =>
    `The device did not answer: these are what it last reported (${when}).`,
  factory: 'The device did not answer: these are its factory settings.',
  seconds: 's',
} as const;

/** Why a save did not take, from the command's outcome or the call's error. */
export function saveFailure(result: Pick<CommandResult, 'state' | 'error'>): string {
  if (result.state === 'expired') {
    return 'The device did not confirm the change in time. Nothing was saved.';
  }
  const error = result.error ?? '';
  if (error === 'refused') return 'The device refused the change. Nothing was saved.';
  if (error.startsWith('invalid: ')) {
    return `The device refused the change (${error.slice('invalid: '.length)}). Nothing was saved.`;
  }
  return `The device could not save the settings${error ? ` (${error})` : ''}. Nothing was saved.`;
}

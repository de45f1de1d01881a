import type { MantineColor } from '@mantine/core';
import {
  PING_WINDOW,
  pingStateTexts,
  type PingAction,
  type PingState,
  type PingWindowName,
} from '@powerdeck/domain';

/** The words of Network Management and Discover Units (ours: the spec names only the states). */
export const networkTexts = {
  intro: 'Every device of this location on its network, refreshed every two seconds.',
  readOnly: 'You can view them but not change them.',
  noDevices: 'No devices at this location yet.',
  loadFailed: 'Error while loading device information.',
  noTargets: 'No ping targets.',
  pending: 'Pending',
  pendingHint: 'Sent to the device; it applies the change when it acknowledges it.',
  saved: 'Ping targets saved. The device applies them once it acknowledges them.',
  joinWireless: 'Join a wireless device',
  feedsNetwork: 'Feeds the network',
  fromDevice: 'Reported by the device (its uplink)',
  fromUser: 'Marked by a user',
  markFailed: 'The network mark could not be saved.',
  never: 'Never',
  discover: 'Discover Units',
  noUnits: 'No units known yet.',
  noRunYet: 'No discovery has run on this device yet.',
} as const;

export const PING_STATE_COLORS: Record<PingState, MantineColor> = {
  pass: 'teal',
  unknown: 'gray',
  fail: 'red',
};

export function pingStateText(state: PingState): string {
  return pingStateTexts[state];
}

export const PING_ACTION_WORDS: Record<PingAction, string> = {
  none: 'Alert only',
  cycle: 'Cycle outlets',
};

/** "Fast (15 min)": a sample window and its length (spec §9 seconds). */
export function pingWindowText(window: PingWindowName): string {
  return `${window} (${PING_WINDOW[window] / 60} min)`;
}

/** The words and bar of a wireless device's signal at its gateway (dBm). */
export function signalOf(rssi: number): { label: string; percent: number; color: MantineColor } {
  // -100 dBm (no signal) to -40 dBm (next to the gateway) fills the bar.
  const percent = Math.round(Math.min(100, Math.max(0, ((rssi + 100) / 60) * 100)));
  if (rssi >= -55) return { label: 'Excellent', percent, color: 'teal' };
  if (rssi >= -67) return { label: 'Good', percent, color: 'teal' };
  if (rssi >= -75) return { label: 'Fair', percent, color: 'yellow' };
  return { label: 'Weak', percent, color: 'red' };
}

/** An outlet's name in lists: its label, else "Outlet n". */
export function outletName(outlet: { otlt: number; name: string }): string {
  return outlet.name.trim() === '' ? `Outlet ${outlet.otlt}` : outlet.name;
}

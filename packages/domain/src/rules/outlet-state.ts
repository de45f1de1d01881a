import { OUTLET_IN_PROGRESS, OUTLET_OFF, OUTLET_ON } from '../constants';

/** Outlet switch state (spec §4): 0 off, 1 on, 2 in progress. */
export type OutletSwitchState = typeof OUTLET_OFF | typeof OUTLET_ON | typeof OUTLET_IN_PROGRESS;
/** A reported outlet value: 0 off, 1 on. */
export type OutletValue = typeof OUTLET_OFF | typeof OUTLET_ON;

export function toOutletValue(value: boolean | number): OutletValue {
  return value === true || value === 1 ? OUTLET_ON : OUTLET_OFF;
}

/**
 * A toggle enters "in progress" when it was sent at or after the last status time (times in the
 * same unit, e.g. seconds). A start time of 0 means no command is pending.
 */
export function entersInProgress(startTime: number, lastStatusTime: number): boolean {
  return startTime > 0 && startTime >= lastStatusTime;
}

/** It leaves "in progress" when a newer status reports a value different from the one toggled from. */
export function leavesInProgress(
  pending: { startTime: number; fromValue: OutletValue },
  status: { time: number; value: OutletValue },
): boolean {
  return status.time > pending.startTime && status.value !== pending.fromValue;
}

/** What the switch shows: in progress wins; on only if the device is connected. */
export function outletSwitchState(input: {
  value: OutletValue;
  inProgress: boolean;
  connected: boolean;
}): OutletSwitchState {
  if (!input.connected) return OUTLET_OFF;
  if (input.inProgress) return OUTLET_IN_PROGRESS;
  return input.value;
}

/** One outlet's switch as a small state machine: what the panel reducer keeps per outlet. */
export interface OutletSwitch {
  value: OutletValue;
  statusTime: number;
  /** Start time of the pending toggle; 0 when none is pending. */
  startTime: number;
  /** The value the pending toggle started from. */
  fromValue: OutletValue;
}

export type OutletSwitchEvent =
  | { type: 'toggleSent'; startTime: number }
  | { type: 'statusReceived'; time: number; value: OutletValue }
  | { type: 'commandFailed' };

export function isOutletSwitchInProgress(outlet: OutletSwitch): boolean {
  return outlet.startTime > 0;
}

export function outletSwitchReducer(outlet: OutletSwitch, event: OutletSwitchEvent): OutletSwitch {
  switch (event.type) {
    case 'toggleSent':
      // Clicks are ignored while in progress; a start older than the last status never enters it.
      if (isOutletSwitchInProgress(outlet)) return outlet;
      if (!entersInProgress(event.startTime, outlet.statusTime)) return outlet;
      return { ...outlet, startTime: event.startTime, fromValue: outlet.value };
    case 'statusReceived': {
      const leaves = isOutletSwitchInProgress(outlet) && leavesInProgress(outlet, event);
      return {
        ...outlet,
        value: event.value,
        statusTime: Math.max(outlet.statusTime, event.time),
        startTime: leaves ? 0 : outlet.startTime,
      };
    }
    case 'commandFailed':
      // Spec §4: the per-outlet start time resets to 0 on failure.
      return { ...outlet, startTime: 0 };
  }
}

export interface OutletControlContext {
  outletLocked: boolean;
  locationLocked: boolean;
  connected: boolean;
}

/** Spec §4: toggle disabled when the outlet is locked, the location is locked, or the device is not connected. */
export function isToggleDisabled(context: OutletControlContext): boolean {
  return context.outletLocked || context.locationLocked || !context.connected;
}

/** Spec §4: cycling is disabled only when disconnected (a lock disables the toggle, not the cycle). */
export function isCycleDisabled(context: Pick<OutletControlContext, 'connected'>): boolean {
  return !context.connected;
}

/** Cycle state of one outlet (spec §3: startTime, outletState, statusTime). */
export interface CycleState {
  startTime: number;
  outletState: OutletValue;
  statusTime: number;
}

/** Spec §4: the cycle indicator is in progress while start time is at or after status time. */
export function isCycleInProgress(cycle: Pick<CycleState, 'startTime' | 'statusTime'>): boolean {
  return cycle.startTime > 0 && cycle.startTime >= cycle.statusTime;
}

/** Spec §4: the cycle indicator clears when the outlet goes 0 to 1 with start time older than status time. */
export function cycleClears(
  cycle: CycleState,
  status: { time: number; value: OutletValue },
): boolean {
  return (
    cycle.startTime > 0 &&
    cycle.outletState === OUTLET_OFF &&
    status.value === OUTLET_ON &&
    cycle.startTime < status.time
  );
}

/** The cycle once a cycle command is sent: it enters progress only if sent at or after the status. */
export function cycleSent(cycle: CycleState, startTime: number): CycleState {
  if (!isCycleInProgress({ startTime, statusTime: cycle.statusTime })) return cycle;
  return { ...cycle, startTime };
}

/**
 * The cycle after a status arrives. During the off phase the status is newer than the start but
 * the cycle is not done, so the indicator stays on until the outlet comes back on (0 to 1).
 */
export function cycleAfterStatus(
  cycle: CycleState,
  status: { time: number; value: OutletValue },
): CycleState {
  return {
    startTime: cycleClears(cycle, status) ? 0 : cycle.startTime,
    outletState: status.value,
    statusTime: Math.max(cycle.statusTime, status.time),
  };
}

/** Whether a cycle's indicator shows: a cycle was started and has not cleared yet. */
export function isCycling(cycle: CycleState): boolean {
  return cycle.startTime > 0;
}

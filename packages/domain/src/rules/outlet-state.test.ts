import { describe, expect, it } from 'vitest';
import type { CycleState, OutletSwitch } from './outlet-state';
import {
  cycleAfterStatus,
  cycleClears,
  cycleSent,
  entersInProgress,
  isCycleDisabled,
  isCycleInProgress,
  isCycling,
  isOutletSwitchInProgress,
  isToggleDisabled,
  leavesInProgress,
  outletSwitchReducer,
  outletSwitchState,
  toOutletValue,
} from './outlet-state';

const buildSwitch = (over: Partial<OutletSwitch> = {}): OutletSwitch => ({
  value: 0,
  statusTime: 100,
  startTime: 0,
  fromValue: 0,
  ...over,
});

describe('outlet switch state', () => {
  it('reads booleans and numbers as 0 off and 1 on', () => {
    expect(toOutletValue(true)).toBe(1);
    expect(toOutletValue(false)).toBe(0);
    expect(toOutletValue(1)).toBe(1);
    expect(toOutletValue(0)).toBe(0);
  });

  it('enters in progress when start time is not older than last status time', () => {
    expect(entersInProgress(100, 100)).toBe(true);
    expect(entersInProgress(101, 100)).toBe(true);
    expect(entersInProgress(99, 100)).toBe(false);
    expect(entersInProgress(0, 0)).toBe(false);
  });

  it('leaves in progress when a newer status reports a different value', () => {
    const pending = { startTime: 100, fromValue: 0 as const };
    expect(leavesInProgress(pending, { time: 101, value: 1 })).toBe(true);
    expect(leavesInProgress(pending, { time: 101, value: 0 })).toBe(false);
    expect(leavesInProgress(pending, { time: 100, value: 1 })).toBe(false);
    expect(leavesInProgress(pending, { time: 99, value: 1 })).toBe(false);
  });

  it('an outlet is on only if the device is connected', () => {
    expect(outletSwitchState({ value: 1, inProgress: false, connected: true })).toBe(1);
    expect(outletSwitchState({ value: 1, inProgress: false, connected: false })).toBe(0);
    expect(outletSwitchState({ value: 0, inProgress: false, connected: true })).toBe(0);
  });

  it('shows 2 while in progress', () => {
    expect(outletSwitchState({ value: 0, inProgress: true, connected: true })).toBe(2);
  });

  it('toggle sent at or after the status enters in progress and remembers the value it left', () => {
    const next = outletSwitchReducer(buildSwitch(), { type: 'toggleSent', startTime: 100 });
    expect(isOutletSwitchInProgress(next)).toBe(true);
    expect(next.fromValue).toBe(0);
  });

  it('toggle with a start time older than the last status does not enter in progress', () => {
    const next = outletSwitchReducer(buildSwitch(), { type: 'toggleSent', startTime: 99 });
    expect(isOutletSwitchInProgress(next)).toBe(false);
  });

  it('clicks are ignored while in progress', () => {
    const pending = buildSwitch({ startTime: 150 });
    expect(outletSwitchReducer(pending, { type: 'toggleSent', startTime: 160 })).toBe(pending);
  });

  it('stays in progress while newer statuses report the old value', () => {
    const pending = buildSwitch({ startTime: 150 });
    const next = outletSwitchReducer(pending, { type: 'statusReceived', time: 151, value: 0 });
    expect(isOutletSwitchInProgress(next)).toBe(true);
  });

  it('stays in progress when an older status reports the new value', () => {
    const pending = buildSwitch({ startTime: 150 });
    const next = outletSwitchReducer(pending, { type: 'statusReceived', time: 140, value: 1 });
    expect(isOutletSwitchInProgress(next)).toBe(true);
    expect(next.statusTime).toBe(140);
  });

  it('leaves in progress when a newer status reports the new value', () => {
    const pending = buildSwitch({ startTime: 150 });
    const next = outletSwitchReducer(pending, { type: 'statusReceived', time: 152, value: 1 });
    expect(isOutletSwitchInProgress(next)).toBe(false);
    expect(next.value).toBe(1);
    expect(next.statusTime).toBe(152);
  });

  it('a failed command resets the start time to 0', () => {
    const pending = buildSwitch({ startTime: 150 });
    expect(outletSwitchReducer(pending, { type: 'commandFailed' }).startTime).toBe(0);
  });

  it('a status never moves the status time backwards', () => {
    const next = outletSwitchReducer(buildSwitch({ statusTime: 200 }), {
      type: 'statusReceived',
      time: 150,
      value: 1,
    });
    expect(next.statusTime).toBe(200);
  });
});

describe('outlet controls', () => {
  const ok = { outletLocked: false, locationLocked: false, connected: true };

  it('toggle is enabled for an unlocked outlet of a connected device', () => {
    expect(isToggleDisabled(ok)).toBe(false);
  });

  it('toggle is disabled when the outlet is locked', () => {
    expect(isToggleDisabled({ ...ok, outletLocked: true })).toBe(true);
  });

  it('toggle is disabled when the location is locked', () => {
    expect(isToggleDisabled({ ...ok, locationLocked: true })).toBe(true);
  });

  it('toggle is disabled when the device is not connected', () => {
    expect(isToggleDisabled({ ...ok, connected: false })).toBe(true);
  });

  it('cycling is disabled when disconnected', () => {
    expect(isCycleDisabled({ connected: false })).toBe(true);
  });

  it('cycling stays enabled on a locked outlet of a connected device', () => {
    expect(isCycleDisabled({ connected: true })).toBe(false);
  });
});

describe('cycle indicator', () => {
  const buildCycle = (over: Partial<CycleState> = {}): CycleState => ({
    startTime: 0,
    outletState: 1,
    statusTime: 100,
    ...over,
  });

  it('in progress while start time is at or after status time', () => {
    expect(isCycleInProgress({ startTime: 100, statusTime: 100 })).toBe(true);
    expect(isCycleInProgress({ startTime: 101, statusTime: 100 })).toBe(true);
    expect(isCycleInProgress({ startTime: 99, statusTime: 100 })).toBe(false);
    expect(isCycleInProgress({ startTime: 0, statusTime: 0 })).toBe(false);
  });

  it('a cycle sent at or after the status starts the indicator', () => {
    expect(isCycling(cycleSent(buildCycle(), 100))).toBe(true);
  });

  it('a cycle sent before the last status does not start the indicator', () => {
    expect(isCycling(cycleSent(buildCycle(), 99))).toBe(false);
  });

  it('clears when the outlet goes 0 to 1 with start time older than status time', () => {
    const offPhase = buildCycle({ startTime: 100, outletState: 0, statusTime: 105 });
    expect(cycleClears(offPhase, { time: 110, value: 1 })).toBe(true);
    expect(isCycling(cycleAfterStatus(offPhase, { time: 110, value: 1 }))).toBe(false);
  });

  it('does not clear when the 0 to 1 status is not newer than the start', () => {
    const offPhase = buildCycle({ startTime: 100, outletState: 0, statusTime: 100 });
    expect(cycleClears(offPhase, { time: 100, value: 1 })).toBe(false);
  });

  it('holds through the off phase of the cycle', () => {
    let cycle = cycleSent(buildCycle(), 100);
    cycle = cycleAfterStatus(cycle, { time: 103, value: 0 });
    expect(isCycling(cycle)).toBe(true);
    cycle = cycleAfterStatus(cycle, { time: 106, value: 0 });
    expect(isCycling(cycle)).toBe(true);
    cycle = cycleAfterStatus(cycle, { time: 109, value: 1 });
    expect(isCycling(cycle)).toBe(false);
    expect(cycle).toEqual({ startTime: 0, outletState: 1, statusTime: 109 });
  });

  it('does not clear on 1 to 1', () => {
    const cycle = buildCycle({ startTime: 100, outletState: 1 });
    expect(cycleClears(cycle, { time: 120, value: 1 })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  commandStartTime,
  initialPanelState,
  isOutletCycling,
  isOutletInProgress,
  panelOf,
  panelsReducer,
  type PanelAction,
  type PanelsState,
} from './device-panel-reducer';

const DEV = 'DEV1';

function run(actions: PanelAction[], state: PanelsState = {}): PanelsState {
  return actions.reduce(panelsReducer, state);
}

const status = (time: number, ...otlts: boolean[]): PanelAction => ({
  type: 'statusReceived',
  devId: DEV,
  time,
  otlts,
});

describe('outlet switch (spec §4)', () => {
  it('enters in progress when a toggle is sent at or after the last status', () => {
    const state = run([
      status(100, false),
      { type: 'toggleSent', devId: DEV, otlt: 1, startTime: 100 },
    ]);
    expect(isOutletInProgress(panelOf(state, DEV), 1)).toBe(true);
    expect(panelOf(state, DEV).outlets[1]?.command?.state).toBe('sending');
  });

  it('does not enter in progress for a start older than the last status', () => {
    const state = run([
      status(100, false),
      { type: 'toggleSent', devId: DEV, otlt: 1, startTime: 99 },
    ]);
    expect(isOutletInProgress(panelOf(state, DEV), 1)).toBe(false);
  });

  it('leaves in progress when a newer status reports a different value', () => {
    const sent = run([
      status(100, false),
      { type: 'toggleSent', devId: DEV, otlt: 1, startTime: 100 },
    ]);
    const same = run([status(101, false)], sent);
    expect(isOutletInProgress(panelOf(same, DEV), 1)).toBe(true);
    const changed = run([status(102, true)], same);
    expect(isOutletInProgress(panelOf(changed, DEV), 1)).toBe(false);
  });

  it('ignores a second click while in progress', () => {
    const sent = run([
      status(100, false),
      { type: 'toggleSent', devId: DEV, otlt: 1, startTime: 100 },
    ]);
    const again = run([{ type: 'toggleSent', devId: DEV, otlt: 1, startTime: 105 }], sent);
    expect(panelOf(again, DEV).outlets[1]?.switch.startTime).toBe(100);
  });

  it('resets the start time to 0 when the command fails, keeping the reason', () => {
    const state = run([
      status(100, false),
      { type: 'toggleSent', devId: DEV, otlt: 1, startTime: 100 },
      { type: 'outletCommandAccepted', devId: DEV, otlt: 1, cmdId: 'c1', state: 'sent' },
      { type: 'commandUpdate', devId: DEV, cmdId: 'c1', state: 'failed', error: 'outlet-locked' },
    ]);
    const entry = panelOf(state, DEV).outlets[1];
    expect(entry?.switch.startTime).toBe(0);
    expect(entry?.command).toEqual({
      kind: 'set',
      cmdId: 'c1',
      state: 'failed',
      error: 'outlet-locked',
    });
  });

  it('a refused POST resets the start time and records the reason', () => {
    const state = run([
      status(100, true),
      { type: 'toggleSent', devId: DEV, otlt: 2, startTime: 100 },
      { type: 'outletCommandRejected', devId: DEV, otlt: 2, error: 'This outlet is locked.' },
    ]);
    expect(isOutletInProgress(panelOf(state, DEV), 2)).toBe(false);
    expect(panelOf(state, DEV).outlets[2]?.command?.error).toBe('This outlet is locked.');
  });

  it('an expired command leaves in progress', () => {
    const state = run([
      status(100, false),
      { type: 'toggleSent', devId: DEV, otlt: 1, startTime: 100 },
      { type: 'outletCommandAccepted', devId: DEV, otlt: 1, cmdId: 'c1', state: 'sent' },
      { type: 'commandUpdate', devId: DEV, cmdId: 'c1', state: 'expired' },
    ]);
    expect(isOutletInProgress(panelOf(state, DEV), 1)).toBe(false);
    expect(panelOf(state, DEV).outlets[1]?.command?.state).toBe('expired');
  });

  it('done leaves in progress when the new value arrived in the same second', () => {
    const state = run([
      status(100, false),
      { type: 'toggleSent', devId: DEV, otlt: 1, startTime: 100 },
      { type: 'outletCommandAccepted', devId: DEV, otlt: 1, cmdId: 'c1', state: 'sent' },
      status(100, true),
      { type: 'commandUpdate', devId: DEV, cmdId: 'c1', state: 'done' },
    ]);
    expect(isOutletInProgress(panelOf(state, DEV), 1)).toBe(false);
    expect(panelOf(state, DEV).outlets[1]?.command?.state).toBe('done');
  });

  it('a command result that arrives before its status keeps the switch in progress', () => {
    const state = run([
      status(100, false),
      { type: 'toggleSent', devId: DEV, otlt: 1, startTime: 100 },
      { type: 'outletCommandAccepted', devId: DEV, otlt: 1, cmdId: 'c1', state: 'done' },
    ]);
    expect(isOutletInProgress(panelOf(state, DEV), 1)).toBe(true);
  });

  it('start time is never older than the last status (clock skew)', () => {
    const state = run([status(2_000_000_000, false)]);
    expect(commandStartTime(panelOf(state, DEV), 1_000)).toBe(2_000_000_000);
    expect(commandStartTime(panelOf(state, DEV), 3_000_000_000_000)).toBe(3_000_000_000);
  });
});

describe('cycle indicator (spec §4)', () => {
  it('shows from the cycle until the outlet goes 0 to 1 after the start', () => {
    const cycling = run([
      status(100, true, true, true),
      { type: 'cycleSent', devId: DEV, otlt: 3, startTime: 100 },
    ]);
    expect(isOutletCycling(panelOf(cycling, DEV), 3)).toBe(true);
    const off = run([status(101, true, true, false)], cycling);
    expect(isOutletCycling(panelOf(off, DEV), 3)).toBe(true);
    const on = run([status(105, true, true, true)], off);
    expect(isOutletCycling(panelOf(on, DEV), 3)).toBe(false);
  });

  it('a failed cycle resets its start time to 0', () => {
    const state = run([
      status(100, true),
      { type: 'cycleSent', devId: DEV, otlt: 1, startTime: 100 },
      { type: 'outletCommandAccepted', devId: DEV, otlt: 1, cmdId: 'k', state: 'sent' },
      { type: 'commandUpdate', devId: DEV, cmdId: 'k', state: 'failed', error: 'no-power' },
    ]);
    expect(panelOf(state, DEV).outlets[1]?.cycle.startTime).toBe(0);
    expect(panelOf(state, DEV).outlets[1]?.command?.kind).toBe('cycle');
  });
});

describe('rename and edit outlets', () => {
  it('rename starts prefilled, success clears editing', () => {
    const started = run([{ type: 'renameStart', devId: DEV, oldDeviceName: 'Rack' }]);
    expect(panelOf(started, DEV).editDevice).toMatchObject({
      editing: true,
      oldDeviceName: 'Rack',
    });
    const done = run(
      [
        { type: 'renameSaving', devId: DEV },
        { type: 'renameSuccess', devId: DEV },
      ],
      started,
    );
    expect(panelOf(done, DEV).editDevice.editing).toBe(false);
  });

  it('rename failure keeps the modal open and stores the error', () => {
    const state = run([
      { type: 'renameStart', devId: DEV, oldDeviceName: 'Rack' },
      { type: 'renameSaving', devId: DEV },
      { type: 'renameFailure', devId: DEV, error: 'Error while renaming device' },
    ]);
    expect(panelOf(state, DEV).editDevice).toMatchObject({
      editing: true,
      saving: false,
      error: 'Error while renaming device',
    });
  });

  it('edit outlets: success marks edited and closes; failure closes and stores the error', () => {
    const ok = run([
      { type: 'editOutletsStart', devId: DEV },
      { type: 'editOutletsSuccess', devId: DEV },
    ]);
    expect(panelOf(ok, DEV).editOutlet).toEqual({ editing: false, edited: true, error: null });
    const bad = run([
      { type: 'editOutletsStart', devId: DEV },
      { type: 'editOutletsFailure', devId: DEV, error: 'x' },
    ]);
    expect(panelOf(bad, DEV).editOutlet).toEqual({ editing: false, edited: false, error: 'x' });
    const cancelled = run([
      { type: 'editOutletsStart', devId: DEV },
      { type: 'editOutletsCancel', devId: DEV },
    ]);
    expect(panelOf(cancelled, DEV).editOutlet.editing).toBe(false);
  });
});

describe('sequence and cycle group', () => {
  const start: PanelAction = {
    type: 'sequenceStart',
    devId: DEV,
    op: 'on',
    seqOtlts: [1, 2],
    startTime: 50,
  };

  it('sequence goes in progress, then done resets the start time', () => {
    const running = run([start, { type: 'sequenceAccepted', devId: DEV, cmdId: 's1' }]);
    expect(panelOf(running, DEV).setSequence).toMatchObject({
      op: 'on',
      state: 'in-progress',
      startTime: 50,
    });
    const done = run([{ type: 'commandUpdate', devId: DEV, cmdId: 's1', state: 'done' }], running);
    expect(panelOf(done, DEV).setSequence).toMatchObject({
      op: 'idle',
      state: 'done',
      startTime: 0,
      seqOtlts: [1, 2],
    });
  });

  it('a failed sequence resets to idle', () => {
    const state = run([
      start,
      { type: 'sequenceAccepted', devId: DEV, cmdId: 's1' },
      { type: 'commandUpdate', devId: DEV, cmdId: 's1', state: 'failed' },
    ]);
    expect(panelOf(state, DEV).setSequence).toEqual(initialPanelState().setSequence);
  });

  it('cycle group: request, then success (fetched) or halted', () => {
    const requested = run([
      { type: 'cycleGroupRequest', devId: DEV },
      { type: 'cycleGroupAccepted', devId: DEV, cmdId: 'g' },
    ]);
    expect(panelOf(requested, DEV).cycleGroup.inProgress).toBe(true);
    const ok = run([{ type: 'commandUpdate', devId: DEV, cmdId: 'g', state: 'done' }], requested);
    expect(panelOf(ok, DEV).cycleGroup).toMatchObject({ inProgress: false, fetched: true });
    const halted = run(
      [{ type: 'commandUpdate', devId: DEV, cmdId: 'g', state: 'expired' }],
      requested,
    );
    expect(panelOf(halted, DEV).cycleGroup).toMatchObject({ inProgress: false, fetched: false });
  });
});

describe('monitoring and Find Me', () => {
  it('starts once, activity extends it, expiry pauses and resume restarts', () => {
    const started = run([{ type: 'monitorStart', devId: DEV, now: 1000 }]);
    expect(panelOf(started, DEV).monitor).toEqual({
      active: true,
      lastActivityTime: 1000,
      paused: false,
    });
    const again = run([{ type: 'monitorStart', devId: DEV, now: 5000 }], started);
    expect(panelOf(again, DEV).monitor.lastActivityTime).toBe(1000);
    const touched = run([{ type: 'activity', devId: DEV, now: 2000 }], started);
    expect(panelOf(touched, DEV).monitor.lastActivityTime).toBe(2000);
    const paused = run([{ type: 'monitorExpire', devId: DEV }], touched);
    expect(panelOf(paused, DEV).monitor).toMatchObject({ active: false, paused: true });
    const resumed = run([{ type: 'monitorResume', devId: DEV, now: 9000 }], paused);
    expect(panelOf(resumed, DEV).monitor).toEqual({
      active: true,
      lastActivityTime: 9000,
      paused: false,
    });
  });

  it('keeps state per device id', () => {
    const state = run([
      { type: 'findMe', devId: 'KID', phase: 'sending' },
      { type: 'findMe', devId: DEV, phase: 'done' },
    ]);
    expect(panelOf(state, 'KID').findMe).toBe('sending');
    expect(panelOf(state, DEV).findMe).toBe('done');
  });
});

describe('status messages share what they leave unchanged (issue 18 item 11)', () => {
  it('keeps the entry of each outlet the status did not change', () => {
    const first = run([status(100, true, true, true, true), status(101, true, true, true, true)]);
    const next = run([status(101, true, true, false, true)], first);
    const before = panelOf(first, DEV).outlets;
    const after = panelOf(next, DEV).outlets;
    expect(after[3]).not.toBe(before[3]);
    expect(after[3]?.switch.value).toBe(0);
    for (const otlt of [1, 2, 4]) expect(after[otlt]).toBe(before[otlt]);
  });

  it('leaves the state as it was for a repeat of the status in the same second', () => {
    const first = run([status(100, true, false)]);
    expect(run([status(100, true, false)], first)).toBe(first);
    expect(run([status(101, true, false)], first)).not.toBe(first);
  });
});

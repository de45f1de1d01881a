import {
  cycleAfterStatus,
  cycleSent,
  FINAL_COMMAND_STATES,
  isCycling,
  isOutletSwitchInProgress,
  outletSwitchReducer,
  toOutletValue,
  type CommandState,
  type CycleState,
  type FindMePhase,
  type OutletSwitch,
} from '@powerdeck/domain';

/**
 * Device panel state per device id (spec §3) and its transitions (spec §4). Server data (meta,
 * status, contact) lives in the query cache; this holds what the panel adds to it: pending
 * toggles and cycles, the state of each outlet's last command, rename and edit-outlets flows,
 * sequence, cycle group, Find Me and monitoring. Pure, so it is tested without React.
 */

/** What the row shows of an outlet's last command: 'sending' until the server answers. */
export type OutletCommandState = 'sending' | CommandState;

export interface OutletCommand {
  kind: 'set' | 'cycle';
  cmdId: string | null;
  state: OutletCommandState;
  error: string | null;
}

export interface OutletPanelEntry {
  switch: OutletSwitch;
  cycle: CycleState;
  command: OutletCommand | null;
}

export interface DevicePanelState {
  outlets: Record<number, OutletPanelEntry>;
  /** Time (s) of the newest status seen. */
  statusTime: number;
  monitor: { active: boolean; lastActivityTime: number; paused: boolean };
  editDevice: { editing: boolean; oldDeviceName: string; saving: boolean; error: string | null };
  editOutlet: { editing: boolean; edited: boolean; error: string | null };
  setSequence: {
    op: 'idle' | 'on' | 'off';
    state: 'idle' | 'in-progress' | 'done';
    seqOtlts: number[];
    startTime: number;
    cmdId: string | null;
  };
  cycleGroup: { inProgress: boolean; fetched: boolean; cmdId: string | null };
  findMe: FindMePhase;
}

export type PanelsState = Record<string, DevicePanelState>;

export type PanelAction =
  | { type: 'statusReceived'; devId: string; time: number; otlts: readonly boolean[] }
  | { type: 'toggleSent'; devId: string; otlt: number; startTime: number }
  | { type: 'cycleSent'; devId: string; otlt: number; startTime: number }
  | {
      type: 'outletCommandAccepted';
      devId: string;
      otlt: number;
      cmdId: string;
      state: CommandState;
      error?: string;
    }
  | { type: 'outletCommandRejected'; devId: string; otlt: number; error: string }
  /** A switch the user called off before it was sent (the network-off confirmation). */
  | { type: 'outletCommandCancelled'; devId: string; otlt: number }
  | { type: 'commandUpdate'; devId: string; cmdId: string; state: CommandState; error?: string }
  | { type: 'renameStart'; devId: string; oldDeviceName: string }
  | { type: 'renameSaving'; devId: string }
  | { type: 'renameCancel'; devId: string }
  | { type: 'renameSuccess'; devId: string }
  | { type: 'renameFailure'; devId: string; error: string }
  | { type: 'editOutletsStart'; devId: string }
  | { type: 'editOutletsCancel'; devId: string }
  | { type: 'editOutletsSuccess'; devId: string }
  | { type: 'editOutletsFailure'; devId: string; error: string }
  | {
      type: 'sequenceStart';
      devId: string;
      op: 'on' | 'off';
      seqOtlts: number[];
      startTime: number;
    }
  | { type: 'sequenceAccepted'; devId: string; cmdId: string }
  | { type: 'sequenceFailure'; devId: string }
  | { type: 'sequenceDone'; devId: string }
  | { type: 'cycleGroupRequest'; devId: string }
  | { type: 'cycleGroupAccepted'; devId: string; cmdId: string }
  | { type: 'cycleGroupSuccess'; devId: string }
  | { type: 'cycleGroupHalted'; devId: string }
  | { type: 'findMe'; devId: string; phase: FindMePhase }
  | { type: 'monitorStart'; devId: string; now: number }
  | { type: 'activity'; devId: string; now: number }
  | { type: 'monitorExpire'; devId: string }
  | { type: 'monitorResume'; devId: string; now: number };

export function initialPanelState(): DevicePanelState {
  return {
    outlets: {},
    statusTime: 0,
    monitor: { active: false, lastActivityTime: 0, paused: false },
    editDevice: { editing: false, oldDeviceName: '', saving: false, error: null },
    editOutlet: { editing: false, edited: false, error: null },
    setSequence: { op: 'idle', state: 'idle', seqOtlts: [], startTime: 0, cmdId: null },
    cycleGroup: { inProgress: false, fetched: false, cmdId: null },
    findMe: 'idle',
  };
}

function newOutlet(statusTime: number, value = false): OutletPanelEntry {
  const v = toOutletValue(value);
  return {
    switch: { value: v, statusTime, startTime: 0, fromValue: v },
    cycle: { startTime: 0, outletState: v, statusTime },
    command: null,
  };
}

function outletOf(panel: DevicePanelState, otlt: number): OutletPanelEntry {
  return panel.outlets[otlt] ?? newOutlet(panel.statusTime);
}

function withOutlet(
  panel: DevicePanelState,
  otlt: number,
  change: (entry: OutletPanelEntry) => OutletPanelEntry,
): DevicePanelState {
  return { ...panel, outlets: { ...panel.outlets, [otlt]: change(outletOf(panel, otlt)) } };
}

const isFinal = (state: CommandState) => FINAL_COMMAND_STATES.includes(state);

/** Applies a command's progress to an outlet; a failed or expired one resets its start time. */
function outletAfterCommand(
  entry: OutletPanelEntry,
  state: CommandState,
  error: string | undefined,
): OutletPanelEntry {
  if (!entry.command) return entry;
  const command = { ...entry.command, state, error: error ?? null };
  if (state === 'failed' || state === 'expired') {
    return {
      ...entry,
      command,
      switch: outletSwitchReducer(entry.switch, { type: 'commandFailed' }),
      cycle: { ...entry.cycle, startTime: 0 },
    };
  }
  if (state !== 'done') return { ...entry, command };
  // Done: the device carried it out. A toggle whose new value already arrived (in the same second
  // as its start) leaves "in progress" now; a cycle is over once the device says so.
  const switched = entry.switch.value !== entry.switch.fromValue;
  return {
    ...entry,
    command,
    switch: command.kind === 'set' && switched ? { ...entry.switch, startTime: 0 } : entry.switch,
    cycle: command.kind === 'cycle' ? { ...entry.cycle, startTime: 0 } : entry.cycle,
  };
}

/** The previous object when the next one holds the same values (flat objects only). */
function kept<T extends object>(previous: T, next: T): T {
  if (previous === next) return previous;
  const keys = Object.keys(next) as (keyof T)[];
  const same =
    keys.length === Object.keys(previous).length &&
    keys.every((key) => Object.is(previous[key], next[key]));
  return same ? previous : next;
}

function reducePanel(panel: DevicePanelState, action: PanelAction): DevicePanelState {
  switch (action.type) {
    case 'statusReceived': {
      // Structural sharing: an outlet the status leaves as it was keeps its entry object, and a
      // status that changes nothing leaves the panel as it was (devices report many times a second).
      const outlets: Record<number, OutletPanelEntry> = { ...panel.outlets };
      let changed = false;
      action.otlts.forEach((on, index) => {
        const otlt = index + 1;
        const known = outlets[otlt];
        const entry = known ?? newOutlet(0, on);
        const status = { time: action.time, value: toOutletValue(on) };
        const nextSwitch = kept(
          entry.switch,
          outletSwitchReducer(entry.switch, { type: 'statusReceived', ...status }),
        );
        const nextCycle = kept(entry.cycle, cycleAfterStatus(entry.cycle, status));
        if (known && nextSwitch === entry.switch && nextCycle === entry.cycle) return;
        outlets[otlt] = { ...entry, switch: nextSwitch, cycle: nextCycle };
        changed = true;
      });
      const statusTime = Math.max(panel.statusTime, action.time);
      if (!changed && statusTime === panel.statusTime) return panel;
      return { ...panel, outlets: changed ? outlets : panel.outlets, statusTime };
    }
    case 'toggleSent':
      return withOutlet(panel, action.otlt, (entry) => {
        // Clicks are ignored while in progress.
        if (isOutletSwitchInProgress(entry.switch)) return entry;
        return {
          ...entry,
          switch: outletSwitchReducer(entry.switch, {
            type: 'toggleSent',
            startTime: action.startTime,
          }),
          command: { kind: 'set', cmdId: null, state: 'sending', error: null },
        };
      });
    case 'cycleSent':
      return withOutlet(panel, action.otlt, (entry) => {
        if (isCycling(entry.cycle)) return entry;
        return {
          ...entry,
          cycle: cycleSent(entry.cycle, action.startTime),
          command: { kind: 'cycle', cmdId: null, state: 'sending', error: null },
        };
      });
    case 'outletCommandAccepted':
      return withOutlet(panel, action.otlt, (entry) => {
        if (!entry.command) return entry;
        const named = { ...entry, command: { ...entry.command, cmdId: action.cmdId } };
        return outletAfterCommand(named, action.state, action.error);
      });
    case 'outletCommandRejected':
      return withOutlet(panel, action.otlt, (entry) =>
        outletAfterCommand(entry, 'failed', action.error),
      );
    case 'outletCommandCancelled':
      return withOutlet(panel, action.otlt, (entry) => ({
        ...entry,
        switch: outletSwitchReducer(entry.switch, { type: 'commandFailed' }),
        command: null,
      }));
    case 'commandUpdate': {
      let next = panel;
      for (const [key, entry] of Object.entries(panel.outlets)) {
        if (entry.command?.cmdId === action.cmdId) {
          next = withOutlet(next, Number(key), (e) =>
            outletAfterCommand(e, action.state, action.error),
          );
        }
      }
      if (next.setSequence.cmdId === action.cmdId && isFinal(action.state)) {
        next = reducePanel(next, {
          type: action.state === 'done' ? 'sequenceDone' : 'sequenceFailure',
          devId: action.devId,
        });
      }
      if (next.cycleGroup.cmdId === action.cmdId && isFinal(action.state)) {
        next = reducePanel(next, {
          type: action.state === 'done' ? 'cycleGroupSuccess' : 'cycleGroupHalted',
          devId: action.devId,
        });
      }
      return next;
    }
    case 'renameStart':
      return {
        ...panel,
        editDevice: {
          editing: true,
          oldDeviceName: action.oldDeviceName,
          saving: false,
          error: null,
        },
      };
    case 'renameSaving':
      return { ...panel, editDevice: { ...panel.editDevice, saving: true, error: null } };
    case 'renameCancel':
    case 'renameSuccess':
      return {
        ...panel,
        editDevice: { ...panel.editDevice, editing: false, saving: false, error: null },
      };
    case 'renameFailure':
      // The modal stays open with the error.
      return { ...panel, editDevice: { ...panel.editDevice, saving: false, error: action.error } };
    case 'editOutletsStart':
      return { ...panel, editOutlet: { editing: true, edited: false, error: null } };
    case 'editOutletsCancel':
      return { ...panel, editOutlet: { ...panel.editOutlet, editing: false } };
    case 'editOutletsSuccess':
      return { ...panel, editOutlet: { editing: false, edited: true, error: null } };
    case 'editOutletsFailure':
      return { ...panel, editOutlet: { editing: false, edited: false, error: action.error } };
    case 'sequenceStart':
      return {
        ...panel,
        setSequence: {
          op: action.op,
          state: 'in-progress',
          seqOtlts: action.seqOtlts,
          startTime: action.startTime,
          cmdId: null,
        },
      };
    case 'sequenceAccepted':
      return { ...panel, setSequence: { ...panel.setSequence, cmdId: action.cmdId } };
    case 'sequenceFailure':
      return { ...panel, setSequence: initialPanelState().setSequence };
    case 'sequenceDone':
      return {
        ...panel,
        setSequence: {
          ...initialPanelState().setSequence,
          state: 'done',
          seqOtlts: panel.setSequence.seqOtlts,
        },
      };
    case 'cycleGroupRequest':
      return { ...panel, cycleGroup: { inProgress: true, fetched: false, cmdId: null } };
    case 'cycleGroupAccepted':
      return { ...panel, cycleGroup: { ...panel.cycleGroup, cmdId: action.cmdId } };
    case 'cycleGroupSuccess':
      return { ...panel, cycleGroup: { inProgress: false, fetched: true, cmdId: null } };
    case 'cycleGroupHalted':
      return { ...panel, cycleGroup: { inProgress: false, fetched: false, cmdId: null } };
    case 'findMe':
      return { ...panel, findMe: action.phase };
    case 'monitorStart':
      // Starts when the device loads and no activity is recorded yet.
      if (panel.monitor.lastActivityTime > 0) return panel;
      return { ...panel, monitor: { active: true, lastActivityTime: action.now, paused: false } };
    case 'activity':
      if (!panel.monitor.active) return panel;
      return { ...panel, monitor: { ...panel.monitor, lastActivityTime: action.now } };
    case 'monitorExpire':
      return { ...panel, monitor: { ...panel.monitor, active: false, paused: true } };
    case 'monitorResume':
      return { ...panel, monitor: { active: true, lastActivityTime: action.now, paused: false } };
  }
}

export function panelsReducer(state: PanelsState, action: PanelAction): PanelsState {
  const panel = state[action.devId] ?? initialPanelState();
  const next = reducePanel(panel, action);
  return next === panel ? state : { ...state, [action.devId]: next };
}

export function panelOf(state: PanelsState, devId: string): DevicePanelState {
  return state[devId] ?? EMPTY_PANEL;
}

const EMPTY_PANEL = initialPanelState();

/** Whether the outlet's toggle is in progress (spec §4 switch state 2). */
export function isOutletInProgress(panel: DevicePanelState, otlt: number): boolean {
  const entry = panel.outlets[otlt];
  return entry ? isOutletSwitchInProgress(entry.switch) : false;
}

/** Whether the outlet's cycle indicator shows. */
export function isOutletCycling(panel: DevicePanelState, otlt: number): boolean {
  const entry = panel.outlets[otlt];
  return entry ? isCycling(entry.cycle) : false;
}

/** Start time for a command: now, but never older than the last status (clock skew). */
export function commandStartTime(panel: DevicePanelState, nowMs: number): number {
  return Math.max(Math.floor(nowMs / 1000), panel.statusTime);
}

import {
  OUTLET_ACTIONS,
  type FireOutcome,
  type FireTargetResult,
  type Schedule,
  type ScheduleAction,
  type ScheduleTargetView,
} from '@powerdeck/domain';

/** An action in words, as the list and the form show it. */
export const ACTION_WORDS: Record<ScheduleAction, string> = {
  on: 'On',
  off: 'Off',
  cycle: 'Cycle',
  sequenceOn: 'Sequence On',
  sequenceOff: 'Sequence Off',
  reboot: 'Reboot card',
};

export const OUTCOME_WORDS: Record<FireOutcome, string> = {
  done: 'Done',
  partial: 'Partial',
  failed: 'Failed',
  pending: 'Pending',
  missed: 'Missed',
};

export const OUTCOME_COLORS: Record<FireOutcome, string> = {
  done: 'green',
  partial: 'yellow',
  failed: 'red',
  pending: 'blue',
  missed: 'gray',
};

export const TARGET_RESULT_WORDS: Record<FireTargetResult['result'], string> = {
  done: 'Done',
  sent: 'Sent',
  failed: 'Failed',
  expired: 'No answer',
  skipped: 'Skipped',
};

/** Whether an action acts on a whole device (no outlet is chosen). */
export function isWholeDeviceAction(action: ScheduleAction): boolean {
  return !OUTLET_ACTIONS.includes(action);
}

/** A local time 'HH:mm' as 'hh:mm A' ("02:30 PM"). */
export function timeOfDayWords(time: string): string {
  const [hours = NaN, minutes = NaN] = time.split(':').map(Number);
  if (!Number.isInteger(hours) || !Number.isInteger(minutes)) return time;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(hours % 12 || 12)}:${pad(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** An outlet as the list names it: its label, or "Outlet n". */
function outletWords(target: Pick<ScheduleTargetView, 'otlt' | 'outletName'>): string {
  if (target.otlt === null) return 'All outlets';
  return target.outletName?.trim() || `Outlet ${target.otlt}`;
}

/** One device of a schedule and what of it is targeted, e.g. Rack: Router, Outlet 3. */
export interface TargetLine {
  devId: string;
  devName: string;
  /** Outlet names; empty for a whole-device action (sequence, reboot). */
  outlets: string[];
}

/** A schedule's targets grouped by device, in their order. */
export function targetLines(schedule: Pick<Schedule, 'targets' | 'action'>): TargetLine[] {
  const lines = new Map<string, TargetLine>();
  for (const target of schedule.targets) {
    const line = lines.get(target.devId) ?? {
      devId: target.devId,
      devName: target.devName,
      outlets: [],
    };
    if (!isWholeDeviceAction(schedule.action)) line.outlets.push(outletWords(target));
    lines.set(target.devId, line);
  }
  return [...lines.values()];
}

/** A target of a firing in words: "Rack · Router", or the device's name for a whole device. */
export function fireTargetWords(
  schedule: Pick<Schedule, 'targets'>,
  result: Pick<FireTargetResult, 'devId' | 'otlt'>,
): string {
  const target =
    schedule.targets.find((t) => t.devId === result.devId && t.otlt === result.otlt) ??
    schedule.targets.find((t) => t.devId === result.devId);
  const devName = target?.devName ?? result.devId;
  if (result.otlt === null) return devName;
  const outlet =
    target?.otlt === result.otlt ? outletWords(target) : `Outlet ${String(result.otlt)}`;
  return `${devName} · ${outlet}`;
}

import {
  COMMAND_TTL_MS,
  type CommandState,
  type FireTargetResult,
  type ScheduleFire,
  fireOutcome,
} from '@powerdeck/domain';
import type { StoredFireTarget } from '../../infra/db/schema-schedules';
import { ACK_GRACE_MS } from '../devices/command-tracker';
import type { CommandsRepository } from '../devices/commands.repository';

/** A stored firing (a `schedule_fires` row) as the reader needs it. */
export interface FireRecord {
  id: number;
  dueAt: Date | null;
  firedAt: Date;
  kind: 'fired' | 'failed' | 'missed';
  targets: readonly StoredFireTarget[];
}

/**
 * What firings came to: each target's command read back from the audit log by its cmdId (one
 * query for all of them), or the reason it was skipped, and the firing's outcome (`fireOutcome`;
 * `missed` when the server was down past the grace window). The one reading of a firing's result,
 * for the schedules list, Run now and the event log.
 */
export async function readFireResults(
  commands: CommandsRepository,
  now: Date,
  fires: readonly FireRecord[],
): Promise<ScheduleFire[]> {
  const cmdIds = fires.flatMap((f) => f.targets.flatMap((t) => (t.cmdId ? [t.cmdId] : [])));
  const states = await commands.latestStates(cmdIds);
  return fires.map((fire) => {
    const targets = fire.targets.map((t): FireTargetResult => {
      const base = { devId: t.devId, otlt: t.otlt, cmdId: t.cmdId };
      if (!t.cmdId) return { ...base, result: 'skipped', error: t.skipped };
      const known = states.get(t.cmdId);
      if (!known) return { ...base, result: 'sent', error: null };
      return { ...base, ...resultOf(known, now) };
    });
    return {
      id: fire.id,
      dueAt: fire.dueAt?.getTime() ?? null,
      firedAt: fire.firedAt.getTime(),
      outcome:
        fire.kind === 'missed' ? 'missed' : sending(fire, now) ? 'pending' : fireOutcome(targets),
      targets,
    };
  });
}

/**
 * A firing whose commands are being sent: its row is written first, its targets once they are
 * sent (a server that died meanwhile left it so: after a command's lifetime it is failed).
 */
function sending(fire: FireRecord, now: Date): boolean {
  return (
    fire.kind === 'fired' &&
    fire.targets.length === 0 &&
    now.getTime() - fire.firedAt.getTime() < COMMAND_TTL_MS + ACK_GRACE_MS
  );
}

/**
 * A command's state as a target result. One still open long past its expiry lost its server
 * before the expiry was recorded: it never runs late, so it reads as expired (as the command
 * tracker answers it).
 */
function resultOf(
  known: { state: CommandState; error: string | null; expiresAt: Date },
  now: Date,
): Pick<FireTargetResult, 'result' | 'error'> {
  const { state, error } = known;
  if (state === 'done' || state === 'failed' || state === 'expired')
    return { result: state, error };
  const overdue = now.getTime() > known.expiresAt.getTime() + ACK_GRACE_MS * 5;
  return { result: overdue ? 'expired' : 'sent', error: null };
}

import {
  ACK_ERRORS,
  type CommandAck,
  type CommandState,
  type DeviceStatus,
  type TopicAddress,
} from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock';
import type { CommandsRepository } from './commands.repository';
import type { LiveEvents } from './live-events';

/** After `expires`, the sending server has recorded what it heard (it waits `ACK_GRACE_MS`). */
export const LATE_ANSWER_AFTER_MS = 2_000;
/** Set-outlet commands this old at start are still matched against the devices' reports. */
export const OPEN_COMMANDS_WINDOW_MS = 60 * 60_000;
/** At most this many open commands and late answers are held (a flood of made-up ids stops here). */
const MAX_HELD = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type LateCommand = {
  id: string;
  devId: string;
  kidId: string | null;
  svc: string;
  otlt?: number;
  expiresAt: Date;
};
type Outcome = { state: CommandState; error?: string; source: 'ack' | 'status' };
/** A set-outlet command left open when this server started. */
type OpenCommand = LateCommand & { otlt: number; wanted: boolean; createdAt: Date };

/**
 * What a device says about a command after the server that sent it went away (a crash, a
 * restart): its ack, when it reaches a server that is not waiting for it, or — for a set-outlet
 * command left open at start — its next status report, once that report is newer than the command
 * (device clock) and shows the outlet as the command asked. Either is recorded as the command's
 * outcome in place of "expired", but only once no server can still be waiting for the ack
 * (`LATE_ANSWER_AFTER_MS` past its expiry), only for a command still open (no outcome, and no
 * expiry recorded while its server waited), and once among all servers. A report showing the
 * outlet otherwise leaves the command expired; nothing is ever sent again.
 */
export class LateAnswers {
  private readonly scheduled = new Map<string, { timer: NodeJS.Timeout; source: string }>();
  /** Acks being looked up: a report does not settle their commands meanwhile. */
  private readonly acksLookedUp = new Set<string>();
  /** Open set-outlet commands by device or kid, until a report decides them. */
  private readonly open = new Map<string, OpenCommand[]>();

  constructor(
    private readonly deps: {
      repo: CommandsRepository;
      events: LiveEvents;
      clock: Clock;
      log: FastifyBaseLogger;
      track: (write: Promise<void>) => void;
    },
  ) {}

  /** Loads the recent set-outlet commands left open (e.g. by this server before a restart). */
  async start(): Promise<void> {
    const since = new Date(this.deps.clock.now().getTime() - OPEN_COMMANDS_WINDOW_MS);
    const commands = await this.deps.repo.openSetOutlets(since, MAX_HELD);
    for (const c of commands) {
      const k = key({ devId: c.devId, ...(c.kidId ? { kidId: c.kidId } : {}) });
      const list = this.open.get(k) ?? [];
      list.push({ ...c, svc: 'setOutlet', wanted: c.state === 1 });
      this.open.set(k, list);
    }
    if (commands.length > 0) {
      this.deps.log.info({ commands: commands.length }, 'set-outlet commands left open');
    }
  }

  /** An ack no command of this server waits for: another server's, or one whose server is gone. */
  onAck(address: TopicAddress, ack: CommandAck): void {
    // the audit log's ids are UUIDs; anything else cannot be one of ours
    if (!UUID.test(ack.id) || this.acksLookedUp.has(ack.id)) return;
    if (this.scheduled.get(ack.id)?.source === 'ack') return;
    this.acksLookedUp.add(ack.id);
    this.deps.track(
      this.deps.repo
        .find(ack.id)
        .finally(() => this.acksLookedUp.delete(ack.id))
        .then((command) => {
          if (!command || command.devId !== address.devId) return;
          if ((command.kidId ?? undefined) !== address.kidId) return;
          const otlt = command.args.otlt;
          this.schedule(
            { ...command, ...(typeof otlt === 'number' ? { otlt } : {}) },
            outcomeOf(ack),
          );
        })
        .catch((err: unknown) => this.deps.log.error({ err, cmdId: ack.id }, 'late ack lookup')),
    );
  }

  /** A report of a device or kid: the first one newer than an open command decides it. */
  onStatus(address: TopicAddress, status: Pick<DeviceStatus, 'sysTime' | 'otlts'>): void {
    const k = key(address);
    const list = this.open.get(k);
    if (!list) return;
    const deviceMs = status.sysTime * 1000;
    const undecided = list.filter((c) => deviceMs <= c.createdAt.getTime());
    for (const c of list) {
      if (deviceMs > c.createdAt.getTime() && status.otlts[c.otlt - 1] === c.wanted) {
        this.schedule(c, { state: 'done', source: 'status' });
      }
    }
    if (undecided.length > 0) this.open.set(k, undecided);
    else this.open.delete(k);
  }

  /** A new command to this device or kid: its open commands can no longer be told by a report. */
  forget(address: TopicAddress): void {
    this.open.delete(key(address));
  }

  stop(): void {
    for (const { timer } of this.scheduled.values()) clearTimeout(timer);
    this.scheduled.clear();
    this.open.clear();
  }

  private schedule(command: LateCommand, outcome: Outcome): void {
    const before = this.scheduled.get(command.id);
    // the device's ack says more than its report
    if (outcome.source === 'status' && this.acksLookedUp.has(command.id)) return;
    if (before && (before.source === 'ack' || outcome.source === 'status')) return;
    if (!before && this.scheduled.size >= MAX_HELD) {
      this.deps.log.warn({ cmdId: command.id }, 'too many late answers waiting: one dropped');
      return;
    }
    if (before) clearTimeout(before.timer);
    const wait =
      command.expiresAt.getTime() + LATE_ANSWER_AFTER_MS - this.deps.clock.now().getTime();
    const timer = setTimeout(
      () => {
        // held until written: a report arriving meanwhile must not race the ack's write
        this.deps.track(
          this.record(command, outcome).finally(() => {
            if (this.scheduled.get(command.id)?.timer === timer) this.scheduled.delete(command.id);
          }),
        );
      },
      Math.max(0, wait),
    );
    timer.unref();
    this.scheduled.set(command.id, { timer, source: outcome.source });
  }

  private async record(command: LateCommand, outcome: Outcome): Promise<void> {
    try {
      const recorded = await this.deps.repo.answer({
        cmdId: command.id,
        state: outcome.state,
        ...(outcome.error === undefined ? {} : { error: outcome.error }),
        at: this.deps.clock.now(),
        source: outcome.source,
      });
      if (!recorded) return;
      this.deps.log.info(
        { cmdId: command.id, state: outcome.state, source: outcome.source },
        'late answer recorded',
      );
      this.deps.events.publish({
        type: 'command',
        devId: command.devId,
        ...(command.kidId ? { kidId: command.kidId } : {}),
        cmdId: command.id,
        svc: command.svc,
        ...(command.otlt === undefined ? {} : { otlt: command.otlt }),
        state: outcome.state,
        ...(outcome.error === undefined ? {} : { error: outcome.error }),
      });
    } catch (err) {
      this.deps.log.error({ err, cmdId: command.id }, 'late answer could not be recorded');
    }
  }
}

function outcomeOf(ack: CommandAck): Outcome {
  if (ack.ok) return { state: 'done', source: 'ack' };
  if (ack.error === ACK_ERRORS.expired) return { state: 'expired', source: 'ack' };
  return { state: 'failed', error: ack.error ?? 'refused', source: 'ack' };
}

function key(address: TopicAddress): string {
  return address.kidId === undefined ? address.devId : `${address.devId}/${address.kidId}`;
}

import {
  ACK_ERRORS,
  COMMAND_TTL_MS,
  type CommandAck,
  type CommandResult,
  type CommandState,
  type CommandSvc,
  type DeviceStatus,
  FINAL_COMMAND_STATES,
  type TopicAddress,
  deviceCommandSchema,
  deviceTopic,
} from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../infra/clock';
import { isUniqueViolation } from '../../infra/db/errors';
import type { DeviceLink } from '../../infra/mqtt/device-link';
import type { ActorKind, CommandStep, CommandsRepository, StepSource } from './commands.repository';
import { LateAnswers } from './late-answers';
import type { LiveEvents } from './live-events';

/** After `expires`, how long an ack already on its way is still accepted. */
export const ACK_GRACE_MS = 1_000;

export interface CommandRequest {
  address: TopicAddress;
  svc: CommandSvc;
  args: Record<string, unknown>;
  actor: { kind: ActorKind; id: string | null };
  ttlMs?: number;
  /**
   * Runs once the command is final (e.g. store a new name once the device took it), with the
   * `result` of the device's ack when it answered one (a settings read's settings).
   */
  onFinal?: (result: CommandResult, answer?: unknown) => Promise<void>;
}

interface Pending {
  request: CommandRequest;
  timer: NodeJS.Timeout;
}

/**
 * Sends commands and follows each one: sent → acknowledged → done, or failed (the device's
 * reason) or expired (no answer by its expiry; the device never runs it late). Every step is
 * appended to the audit log and published on the live stream of the device. What a device says
 * after the server that sent a command went away is recorded by `LateAnswers`.
 */
export class CommandTracker {
  /** Commands this server sent, and how many of them failed or expired; /metrics reads them. */
  readonly stats = { sent: 0, failed: 0, expired: 0 };
  private readonly pending = new Map<string, Pending>();
  private readonly writes = new Set<Promise<void>>();
  private readonly late: LateAnswers;

  constructor(
    private readonly deps: {
      link: DeviceLink;
      repo: CommandsRepository;
      events: LiveEvents;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {
    this.late = new LateAnswers({ ...deps, track: (write) => this.track(write) });
  }

  /** Loads the commands a previous run left open, so the devices' reports can settle them. */
  async start(): Promise<void> {
    await this.late.start();
  }

  async send(request: CommandRequest): Promise<CommandResult> {
    const { clock, repo, link } = this.deps;
    const id = randomUUID();
    const now = clock.now();
    const ttl = request.ttlMs ?? COMMAND_TTL_MS;
    // Only commands the protocol defines leave the server.
    const command = deviceCommandSchema.parse({
      id,
      svc: request.svc,
      args: request.args,
      expires: now.getTime() + ttl,
    });
    await repo.insert(
      {
        id,
        devId: request.address.devId,
        kidId: request.address.kidId ?? null,
        svc: request.svc,
        args: request.args,
        actorKind: request.actor.kind,
        actorId: request.actor.id,
        createdAt: now,
        expiresAt: new Date(command.expires),
      },
      { cmdId: id, state: 'sent', at: now },
    );
    const timer = setTimeout(() => this.finish(id, 'expired'), ttl + ACK_GRACE_MS);
    timer.unref();
    this.pending.set(id, { request, timer });
    this.stats.sent++;
    this.late.forget(request.address);
    this.publish(id, request, 'sent');
    try {
      await link.publish(deviceTopic(request.address, 'cmd'), JSON.stringify(command), 1);
    } catch (error) {
      this.deps.log.warn({ err: error, cmdId: id }, 'command could not be published');
      this.finish(id, 'failed', 'broker unavailable');
      return { cmdId: id, state: 'failed', error: 'broker unavailable' };
    }
    return { cmdId: id, state: 'sent' };
  }

  /** An ack from a device (or kid); one for a command this server does not wait for is late. */
  onAck(address: TopicAddress, ack: CommandAck): void {
    const pending = this.pending.get(ack.id);
    if (!pending) return this.late.onAck(address, ack);
    const target = pending.request.address;
    if (target.devId !== address.devId || target.kidId !== address.kidId) {
      this.deps.log.warn({ cmdId: ack.id, address }, 'ack from another device ignored');
      return;
    }
    if (ack.ok) {
      // The device acks once it has carried the command out: acknowledged and done together.
      this.finish(ack.id, 'done', undefined, ['acknowledged'], 'ack', ack.result);
    } else if (ack.error === ACK_ERRORS.expired) {
      this.finish(ack.id, 'expired', undefined, [], 'ack');
    } else {
      this.finish(ack.id, 'failed', ack.error ?? 'refused', [], 'ack');
    }
  }

  /** A status report of a device (or kid), retained or new. */
  onStatus(address: TopicAddress, status: Pick<DeviceStatus, 'sysTime' | 'otlts'>): void {
    this.late.onStatus(address, status);
  }

  /** The state of a command this server or another sent (from the audit log). */
  async result(cmdId: string): Promise<(CommandResult & { devId: string }) | undefined> {
    const command = await this.deps.repo.find(cmdId);
    if (!command) return undefined;
    let last = (await this.deps.repo.steps(cmdId)).at(-1);
    let state: CommandState = last?.state ?? 'sent';
    const overdue =
      this.deps.clock.now().getTime() > command.expiresAt.getTime() + ACK_GRACE_MS * 5;
    if (!FINAL_COMMAND_STATES.includes(state) && !this.pending.has(cmdId) && overdue) {
      // Its server went away before the expiry was recorded: it never ran late, so it expired
      // (unless the device's answer was recorded meanwhile).
      if (await this.deps.repo.expireOrphan(cmdId, this.deps.clock.now())) state = 'expired';
      else {
        last = (await this.deps.repo.steps(cmdId)).at(-1);
        state = last?.state ?? state;
      }
    }
    const error = last?.error ?? undefined;
    return { cmdId, state, ...(error ? { error } : {}), devId: command.devId };
  }

  /** Waits for audit writes under way (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.writes.size > 0) await Promise.all([...this.writes]);
  }

  stop(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.late.stop();
  }

  private finish(
    cmdId: string,
    state: CommandState,
    error?: string,
    before: readonly CommandState[] = [],
    source: StepSource = 'server',
    answer?: unknown,
  ): void {
    const pending = this.pending.get(cmdId);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(cmdId);
    if (state === 'failed' || state === 'expired') this.stats[state]++;
    const at = this.deps.clock.now();
    // one statement, so the steps keep their order in the log
    this.record([
      ...before.map((s) => ({ cmdId, state: s, at, source })),
      { cmdId, state, at, source, ...(error === undefined ? {} : { error }) },
    ]);
    this.publish(cmdId, pending.request, state, error);
    const result: CommandResult = { cmdId, state, ...(error === undefined ? {} : { error }) };
    if (pending.request.onFinal) {
      this.track(
        pending.request.onFinal(result, answer).catch((err: unknown) => {
          this.deps.log.error({ err, cmdId }, 'command follow-up failed');
        }),
      );
    }
  }

  private record(steps: CommandStep[]): void {
    this.track(
      this.deps.repo.addSteps(steps).catch((err: unknown) => {
        // another server heard the same answer after this one's wait and recorded it first
        if (isUniqueViolation(err)) return;
        this.deps.log.error({ err, steps }, 'command step could not be recorded');
      }),
    );
  }

  private track(write: Promise<void>): void {
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write));
  }

  private publish(cmdId: string, request: CommandRequest, state: CommandState, error?: string) {
    const otlt = request.args.otlt;
    this.deps.events.publish({
      type: 'command',
      devId: request.address.devId,
      ...(request.address.kidId === undefined ? {} : { kidId: request.address.kidId }),
      cmdId,
      svc: request.svc,
      ...(typeof otlt === 'number' ? { otlt } : {}),
      state,
      ...(error === undefined ? {} : { error }),
    });
  }
}

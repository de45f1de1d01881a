import {
  ACK_ERRORS,
  COMMAND_TTL_MS,
  type CommandAck,
  type CommandResult,
  type CommandState,
  type CommandSvc,
  FINAL_COMMAND_STATES,
  type TopicAddress,
  deviceCommandSchema,
  deviceTopic,
} from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../infra/clock';
import type { DeviceLink } from '../../infra/mqtt/device-link';
import type { ActorKind, CommandStep, CommandsRepository } from './commands.repository';
import type { LiveEvents } from './live-events';

/** After `expires`, how long an ack already on its way is still accepted. */
export const ACK_GRACE_MS = 1_000;

export interface CommandRequest {
  address: TopicAddress;
  svc: CommandSvc;
  args: Record<string, unknown>;
  actor: { kind: ActorKind; id: string | null };
  ttlMs?: number;
  /** Runs once the command is final (e.g. store a new name once the device took it). */
  onFinal?: (result: CommandResult) => Promise<void>;
}

interface Pending {
  request: CommandRequest;
  timer: NodeJS.Timeout;
}

/**
 * Sends commands and follows each one: sent → acknowledged → done, or failed (the device's
 * reason) or expired (no answer by its expiry; the device never runs it late). Every step is
 * appended to the audit log and published on the live stream of the device.
 */
export class CommandTracker {
  private readonly pending = new Map<string, Pending>();
  private readonly writes = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      link: DeviceLink;
      repo: CommandsRepository;
      events: LiveEvents;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

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

  /** An ack from a device (or kid); acks for other servers' commands are ignored. */
  onAck(address: TopicAddress, ack: CommandAck): void {
    const pending = this.pending.get(ack.id);
    if (!pending) return;
    const target = pending.request.address;
    if (target.devId !== address.devId || target.kidId !== address.kidId) {
      this.deps.log.warn({ cmdId: ack.id, address }, 'ack from another device ignored');
      return;
    }
    if (ack.ok) {
      // The device acks once it has carried the command out: acknowledged and done together.
      this.finish(ack.id, 'done', undefined, ['acknowledged']);
    } else if (ack.error === ACK_ERRORS.expired) {
      this.finish(ack.id, 'expired');
    } else {
      this.finish(ack.id, 'failed', ack.error ?? 'refused');
    }
  }

  /** The state of a command this server or another sent (from the audit log). */
  async result(cmdId: string): Promise<(CommandResult & { devId: string }) | undefined> {
    const command = await this.deps.repo.find(cmdId);
    if (!command) return undefined;
    const steps = await this.deps.repo.steps(cmdId);
    const last = steps.at(-1);
    let state: CommandState = last?.state ?? 'sent';
    const error = last?.error ?? undefined;
    const overdue =
      this.deps.clock.now().getTime() > command.expiresAt.getTime() + ACK_GRACE_MS * 5;
    if (!FINAL_COMMAND_STATES.includes(state) && !this.pending.has(cmdId) && overdue) {
      // Its server went away before the expiry was recorded: it never ran late, so it expired.
      state = 'expired';
      await this.deps.repo.addSteps([{ cmdId, state, at: this.deps.clock.now() }]);
    }
    return { cmdId, state, ...(error ? { error } : {}), devId: command.devId };
  }

  /** Waits for audit writes under way (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.writes.size > 0) await Promise.all([...this.writes]);
  }

  stop(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  private finish(
    cmdId: string,
    state: CommandState,
    error?: string,
    before: readonly CommandState[] = [],
  ): void {
    const pending = this.pending.get(cmdId);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(cmdId);
    const at = this.deps.clock.now();
    // one statement, so the steps keep their order in the log
    this.record([
      ...before.map((s) => ({ cmdId, state: s, at })),
      { cmdId, state, at, ...(error === undefined ? {} : { error }) },
    ]);
    this.publish(cmdId, pending.request, state, error);
    const result: CommandResult = { cmdId, state, ...(error === undefined ? {} : { error }) };
    if (pending.request.onFinal) {
      this.track(
        pending.request.onFinal(result).catch((err: unknown) => {
          this.deps.log.error({ err, cmdId }, 'command follow-up failed');
        }),
      );
    }
  }

  private record(steps: CommandStep[]): void {
    this.track(
      this.deps.repo.addSteps(steps).catch((err: unknown) => {
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

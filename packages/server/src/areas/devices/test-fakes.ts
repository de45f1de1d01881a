import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { DeviceLink } from '../../infra/mqtt/device-link';
import type {
  CommandRow,
  CommandStep,
  CommandsRepository,
  OpenSetOutlet,
} from './commands.repository';
import type {
  DeviceStateRepository,
  ReadingWrite,
  StateWrite,
  StatusReplaced,
} from './device-state.repository';

/** In-memory stand-ins for the device area's adapters (unit tests). */

export const silentLog: FastifyBaseLogger = pino({ level: 'silent' });

export class FakeLink implements DeviceLink {
  readonly published: { topic: string; payload: string; qos: 0 | 1 }[] = [];
  readonly subscribed: string[] = [];
  failPublish = false;
  private handler: ((topic: string, payload: Buffer, retained: boolean) => void) | undefined;
  subscribe(filters: readonly string[]) {
    this.subscribed.push(...filters);
    return Promise.resolve();
  }
  unsubscribe() {
    return Promise.resolve();
  }
  publish(topic: string, payload: string, qos: 0 | 1) {
    if (this.failPublish) return Promise.reject(new Error('broker down'));
    this.published.push({ topic, payload, qos });
    return Promise.resolve();
  }
  onMessage(handler: (topic: string, payload: Buffer, retained: boolean) => void) {
    this.handler = handler;
  }
  deliver(topic: string, payload: string, retained = false) {
    this.handler?.(topic, Buffer.from(payload), retained);
  }
  close() {
    return Promise.resolve();
  }
}

export class FakeCommandsRepo {
  readonly commands: CommandRow[] = [];
  readonly steps: CommandStep[] = [];
  insert(command: CommandRow, first: CommandStep) {
    this.commands.push(command);
    this.steps.push(first);
    return Promise.resolve();
  }
  addSteps(steps: readonly CommandStep[]) {
    this.steps.push(...steps);
    return Promise.resolve();
  }
  find(cmdId: string) {
    return Promise.resolve(this.commands.find((c) => c.id === cmdId));
  }
  stepsOf(cmdId: string) {
    return this.steps.filter((s) => s.cmdId === cmdId).map((s) => s.state);
  }
  /** As the repository: no outcome yet but an expiry recorded as orphaned. */
  isOpen(cmdId: string) {
    return !this.steps.some(
      (s) =>
        s.cmdId === cmdId &&
        (s.state === 'done' ||
          s.state === 'failed' ||
          (s.state === 'expired' && s.source !== 'orphaned')),
    );
  }
  answer(step: CommandStep) {
    if (!this.isOpen(step.cmdId)) return Promise.resolve(false);
    this.steps.push(step);
    return Promise.resolve(true);
  }
  expireOrphan(cmdId: string, at: Date) {
    const final = this.steps.some(
      (s) => s.cmdId === cmdId && ['done', 'failed', 'expired'].includes(s.state),
    );
    if (final) return Promise.resolve(false);
    this.steps.push({ cmdId, state: 'expired', at, source: 'orphaned' });
    return Promise.resolve(true);
  }
  openSetOutlets(since: Date): Promise<OpenSetOutlet[]> {
    const latest = new Map<string, CommandRow>();
    for (const c of this.commands) {
      if (c.svc !== 'setOutlet' || c.createdAt < since) continue;
      const outlet = `${c.devId}/${c.kidId ?? ''}/${String(c.args?.otlt)}`;
      const known = latest.get(outlet);
      if (!known || known.createdAt <= c.createdAt) latest.set(outlet, c);
    }
    return Promise.resolve(
      [...latest.values()]
        .filter((c) => this.isOpen(c.id))
        .map((c) => ({
          id: c.id,
          devId: c.devId,
          kidId: c.kidId ?? null,
          otlt: Number(c.args?.otlt),
          state: c.args?.state === 1 ? 1 : 0,
          createdAt: c.createdAt,
          expiresAt: c.expiresAt,
        })),
    );
  }
}

export const asCommandsRepo = (fake: FakeCommandsRepo) =>
  ({
    insert: (c: CommandRow, f: CommandStep) => fake.insert(c, f),
    addSteps: (s: readonly CommandStep[]) => fake.addSteps(s),
    answer: (s: CommandStep) => fake.answer(s),
    expireOrphan: (id: string, at: Date) => fake.expireOrphan(id, at),
    openSetOutlets: (since: Date) => fake.openSetOutlets(since),
    find: async (id: string) => {
      const c = await fake.find(id);
      return c && { ...c, kidId: c.kidId ?? null, actorId: c.actorId ?? null, args: c.args ?? {} };
    },
    steps: (id: string) =>
      Promise.resolve(
        fake.steps
          .filter((s) => s.cmdId === id)
          .map((s, i) => ({
            id: i,
            cmdId: s.cmdId,
            state: s.state,
            error: s.error ?? null,
            at: s.at,
            source: s.source ?? 'server',
          })),
      ),
  }) as unknown as CommandsRepository;

export class FakeStateRepo {
  readonly batches: StateWrite[][] = [];
  readonly readings: ReadingWrite[] = [];
  /** The compared fields each write was given. */
  readonly comparedBy: string[][] = [];
  /** What the next write answers as replaced. */
  replaced: StatusReplaced[] = [];
  fail = false;
  /** Fails once, at the write that would be this many batches in. */
  failAtBatch: number | undefined;
  writeStates(writes: readonly StateWrite[], compared: readonly string[] = []) {
    if (this.fail || this.failAtBatch === this.batches.length) {
      this.failAtBatch = undefined;
      return Promise.reject(new Error('database down'));
    }
    this.batches.push([...writes]);
    this.comparedBy.push([...compared]);
    const replaced = this.replaced;
    this.replaced = [];
    return Promise.resolve({ written: writes.length, replaced });
  }
  writeReadings(readings: readonly ReadingWrite[]) {
    this.readings.push(...readings);
    return Promise.resolve();
  }
}

export const asStateRepo = (fake: FakeStateRepo) => fake as unknown as DeviceStateRepository;

import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { DeviceLink } from '../../infra/mqtt/device-link';
import type { CommandRow, CommandStep, CommandsRepository } from './commands.repository';
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
}

export const asCommandsRepo = (fake: FakeCommandsRepo) =>
  ({
    insert: (c: CommandRow, f: CommandStep) => fake.insert(c, f),
    addSteps: (s: readonly CommandStep[]) => fake.addSteps(s),
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
  writeStates(writes: readonly StateWrite[], compared: readonly string[] = []) {
    if (this.fail) return Promise.reject(new Error('database down'));
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

import type { LiveEventEnvelope } from '@powerdeck/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestClock } from '../../test/test-app';
import { ACK_GRACE_MS, CommandTracker } from './command-tracker';
import { LATE_ANSWER_AFTER_MS } from './late-answers';
import { LiveEvents } from './live-events';
import { FakeCommandsRepo, FakeLink, asCommandsRepo, silentLog } from './test-fakes';

const DEV = '1065A3000001';
const START = Date.parse('2024-05-01T12:00:00Z');

describe('command tracker', () => {
  let link: FakeLink;
  let repo: FakeCommandsRepo;
  let events: LiveEvents;
  let tracker: CommandTracker;
  let seen: LiveEventEnvelope[];

  beforeEach(() => {
    vi.useFakeTimers();
    const clock = new TestClock();
    link = new FakeLink();
    repo = new FakeCommandsRepo();
    events = new LiveEvents(clock);
    seen = [];
    events.subscribe(DEV, (e) => seen.push(e));
    tracker = new CommandTracker({
      link,
      repo: asCommandsRepo(repo),
      events,
      clock,
      log: silentLog,
    });
  });
  afterEach(() => {
    tracker.stop();
    vi.useRealTimers();
  });

  const send = (ttlMs = 30_000) =>
    tracker.send({
      address: { devId: DEV },
      svc: 'setOutlet',
      args: { otlt: 3, state: 1 },
      actor: { kind: 'user', id: 'u1' },
      ttlMs,
    });
  const states = () => seen.map((e) => (e.event.type === 'command' ? e.event.state : e.event.type));

  it('publishes the command with an id and an expiry, and records it as sent by its actor', async () => {
    const result = await send(5_000);
    expect(result.state).toBe('sent');
    const published = JSON.parse(link.published[0]?.payload ?? '{}') as Record<string, unknown>;
    expect(link.published[0]?.topic).toBe(`pd/v1/${DEV}/cmd`);
    expect(published).toMatchObject({
      id: result.cmdId,
      svc: 'setOutlet',
      args: { otlt: 3, state: 1 },
    });
    expect(published.expires).toBe(Date.parse('2024-05-01T12:00:00Z') + 5_000);
    expect(repo.commands[0]).toMatchObject({ actorKind: 'user', actorId: 'u1', devId: DEV });
    expect(repo.stepsOf(result.cmdId)).toEqual(['sent']);
  });

  it('an ok ack makes it acknowledged then done, once', async () => {
    const { cmdId } = await send();
    tracker.onAck({ devId: DEV }, { id: cmdId, ok: true });
    tracker.onAck({ devId: DEV }, { id: cmdId, ok: true });
    await tracker.drain();
    expect(repo.stepsOf(cmdId)).toEqual(['sent', 'acknowledged', 'done']);
    expect(states()).toEqual(['sent', 'done']);
    expect(seen[1]?.event).toMatchObject({ type: 'command', cmdId, otlt: 3 });
  });

  it('a refusal is failed with the reason; an expired ack is expired', async () => {
    const first = await send();
    tracker.onAck({ devId: DEV }, { id: first.cmdId, ok: false, error: 'locked' });
    const second = await send();
    tracker.onAck({ devId: DEV }, { id: second.cmdId, ok: false, error: 'expired' });
    await tracker.drain();
    expect(repo.steps.filter((s) => s.cmdId === first.cmdId).at(-1)).toMatchObject({
      state: 'failed',
      error: 'locked',
    });
    expect(repo.stepsOf(second.cmdId)).toEqual(['sent', 'expired']);
  });

  it('with no ack by its expiry (and a grace) it is expired, and a late ack changes nothing', async () => {
    const { cmdId } = await send(1_000);
    vi.advanceTimersByTime(1_000 + ACK_GRACE_MS - 1);
    expect(repo.stepsOf(cmdId)).toEqual(['sent']);
    vi.advanceTimersByTime(1);
    tracker.onAck({ devId: DEV }, { id: cmdId, ok: true });
    await tracker.drain();
    await vi.advanceTimersByTimeAsync(LATE_ANSWER_AFTER_MS);
    await tracker.drain();
    expect(repo.stepsOf(cmdId)).toEqual(['sent', 'expired']);
  });

  it('ignores an ack for its id from another device', async () => {
    const { cmdId } = await send();
    tracker.onAck({ devId: '1065A3000002' }, { id: cmdId, ok: true });
    await tracker.drain();
    expect(repo.stepsOf(cmdId)).toEqual(['sent']);
  });

  it('fails at once when the broker does not take the command', async () => {
    link.failPublish = true;
    const result = await send();
    expect(result).toMatchObject({ state: 'failed', error: 'broker unavailable' });
  });

  it('never sends a command the protocol does not allow', async () => {
    await expect(
      tracker.send({
        address: { devId: DEV },
        svc: 'setOutlet',
        args: { otlt: 0, state: 1 },
        actor: { kind: 'api', id: null },
      }),
    ).rejects.toThrow();
    expect(link.published).toHaveLength(0);
  });

  it('reads the state back from the log, expiring what its server left behind', async () => {
    const { cmdId } = await send(1_000);
    tracker.stop();
    const clock = new TestClock(Date.parse('2024-05-01T12:00:00Z') + 60_000);
    const other = new CommandTracker({
      link,
      repo: asCommandsRepo(repo),
      events,
      clock,
      log: silentLog,
    });
    expect(await other.result(cmdId)).toMatchObject({ state: 'expired' });
  });

  describe('across a crash of the server that sent the command', () => {
    /** The server back after a crash: the same database, nothing in memory. */
    const restarted = async (atMs: number) => {
      tracker.stop();
      const next = new CommandTracker({
        link,
        repo: asCommandsRepo(repo),
        events,
        clock: new TestClock(atMs),
        log: silentLog,
      });
      await next.start();
      return next;
    };
    const report = (sysTimeMs: number, outlet3: boolean) => ({
      sysTime: Math.floor(sysTimeMs / 1000),
      otlts: [false, false, outlet3],
    });
    const lastStep = (cmdId: string) => repo.steps.filter((s) => s.cmdId === cmdId).at(-1);
    /** Past the expiry and the wait for another server that might still be tracking it. */
    const settle = async (next: CommandTracker) => {
      await next.drain();
      await vi.advanceTimersByTimeAsync(30_000 + LATE_ANSWER_AFTER_MS);
      await next.drain();
    };

    it("records the device's ack as the outcome, once no server can still be waiting", async () => {
      const { cmdId } = await send();
      const next = await restarted(START + 5_000);
      next.onAck({ devId: DEV }, { id: cmdId, ok: true, result: { otlt: 3, state: 1 } });
      await next.drain();
      expect(repo.stepsOf(cmdId)).toEqual(['sent']);
      await settle(next);
      expect(lastStep(cmdId)).toMatchObject({ state: 'done', source: 'ack' });
      expect(seen.at(-1)?.event).toMatchObject({ type: 'command', cmdId, state: 'done' });
      next.stop();
    });

    it('records a late refusal with its reason, even after the command was found expired', async () => {
      const { cmdId } = await send(1_000);
      const next = await restarted(START + 60_000);
      expect(await next.result(cmdId)).toMatchObject({ state: 'expired' });
      next.onAck({ devId: DEV }, { id: cmdId, ok: false, error: 'locked' });
      await settle(next);
      expect(repo.stepsOf(cmdId)).toEqual(['sent', 'expired', 'failed']);
      expect(await next.result(cmdId)).toMatchObject({ state: 'failed', error: 'locked' });
      next.stop();
    });

    it('ignores a late ack from another device', async () => {
      const { cmdId } = await send();
      const next = await restarted(START + 5_000);
      next.onAck({ devId: '1065A3000002' }, { id: cmdId, ok: true });
      await settle(next);
      expect(repo.stepsOf(cmdId)).toEqual(['sent']);
      next.stop();
    });

    it('a set-outlet is done when the first report newer than it shows the outlet as asked', async () => {
      const { cmdId } = await send();
      const next = await restarted(START + 5_000);
      // the retained report from before the command says nothing about it
      next.onStatus({ devId: DEV }, report(START - 10_000, false));
      next.onStatus({ devId: DEV }, report(START + 1_000, true));
      await settle(next);
      expect(lastStep(cmdId)).toMatchObject({ state: 'done', source: 'status' });
      next.stop();
    });

    it("the device's ack outranks its report, also when the report comes first", async () => {
      const { cmdId } = await send();
      const next = await restarted(START + 5_000);
      next.onStatus({ devId: DEV }, report(START + 1_000, true));
      // the outlet was on already: the device refused, and its ack says so
      next.onAck({ devId: DEV }, { id: cmdId, ok: false, error: 'locked' });
      await settle(next);
      expect(lastStep(cmdId)).toMatchObject({ state: 'failed', error: 'locked', source: 'ack' });
      expect(repo.stepsOf(cmdId)).toEqual(['sent', 'failed']);
      next.stop();
    });

    it('a set-outlet stays expired when the next report shows the outlet otherwise', async () => {
      const { cmdId } = await send();
      const next = await restarted(START + 60_000);
      next.onStatus({ devId: DEV }, report(START + 1_000, false));
      // a later change (another hand on the switch) is not this command's doing
      next.onStatus({ devId: DEV }, report(START + 2_000, true));
      await settle(next);
      expect(repo.stepsOf(cmdId)).toEqual(['sent']);
      expect(await next.result(cmdId)).toMatchObject({ state: 'expired' });
      next.stop();
    });

    it('a command the device itself answered expired is never made done by a report', async () => {
      const { cmdId } = await send();
      tracker.onAck({ devId: DEV }, { id: cmdId, ok: false, error: 'expired' });
      await tracker.drain();
      const next = await restarted(START + 5_000);
      next.onStatus({ devId: DEV }, report(START + 1_000, true));
      next.onAck({ devId: DEV }, { id: cmdId, ok: false, error: 'expired' });
      await settle(next);
      expect(repo.stepsOf(cmdId)).toEqual(['sent', 'expired']);
      next.stop();
    });

    it('a command that expired while its server waited is not made done by a report', async () => {
      const { cmdId } = await send(1_000);
      vi.advanceTimersByTime(1_000 + ACK_GRACE_MS);
      await tracker.drain();
      const next = await restarted(START + 5_000);
      next.onStatus({ devId: DEV }, report(START + 1_000, true));
      await settle(next);
      expect(repo.stepsOf(cmdId)).toEqual(['sent', 'expired']);
      next.stop();
    });
  });
});

import type { LiveEventEnvelope } from '@powerdeck/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestClock } from '../../test/test-app';
import { ACK_GRACE_MS, CommandTracker } from './command-tracker';
import { LiveEvents } from './live-events';
import { FakeCommandsRepo, FakeLink, asCommandsRepo, silentLog } from './test-fakes';

const DEV = '1065A3000001';

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
});

import type { LiveEvent } from '@powerdeck/domain';
import { describe, expect, it, vi } from 'vitest';
import { AlertRaiser } from './alert-raiser';
import type { AlertsRepository } from './alerts.repository';

/** The repository calls connection batches make, recorded (no database; no user to alert). */
function fakeRepo() {
  const calls: Array<[string, string[]]> = [];
  const repo = {
    addPendingOffline: vi.fn((devIds: string[]) => {
      calls.push(['offline', devIds]);
      return Promise.resolve([]);
    }),
    cancelPendingOffline: vi.fn((devIds: string[]) => {
      calls.push(['online', devIds]);
      return Promise.resolve(devIds);
    }),
    lastAlertedOffline: vi.fn(() => Promise.resolve([])),
    raise: vi.fn((devId: string) => {
      calls.push(['raise', [devId]]);
      return Promise.resolve([]);
    }),
  };
  return { calls, repo: repo as unknown as AlertsRepository };
}

const clock = { now: () => new Date('2026-11-29T12:00:00Z') };
const log = { warn: vi.fn() };
const online = (devId: string): LiveEvent => ({ type: 'device', devId, change: 'online' });
const contact = (devId: string): LiveEvent => ({
  type: 'contact',
  devId,
  contact: { conf: null, lastContact: 1, sysTime: 1 },
});
const info = (devId: string): LiveEvent => ({ type: 'device', devId, change: 'info' });
const status = (devId: string, pwr_cond: number): LiveEvent => ({
  type: 'status',
  devId,
  status: { time: 1, sysTime: 1, otlts: [true], pwr_cond },
});

describe('AlertRaiser connection batches', () => {
  it('takes a fleet coming online as one batch though contacts and info come between', async () => {
    const { calls, repo } = fakeRepo();
    const raiser = new AlertRaiser(repo, clock, log, undefined, 'database');

    for (const devId of ['d1', 'd2', 'd3']) {
      raiser.onDeviceEvent(online(devId));
      raiser.onDeviceEvent(contact(devId));
      raiser.onDeviceEvent(info(devId));
    }
    await raiser.idle();

    expect(calls).toEqual([['online', ['d1', 'd2', 'd3']]]);
  });

  it('on one server, statuses that change nothing alerted do not end the batch either', async () => {
    const { calls, repo } = fakeRepo();
    const raiser = new AlertRaiser(repo, clock, log, undefined, 'events');

    raiser.onDeviceEvent(status('d1', 0));
    for (const devId of ['d1', 'd2']) {
      raiser.onDeviceEvent(online(devId));
      raiser.onDeviceEvent(status(devId, 0));
    }
    // a power condition change raises: it takes its turn between the batches
    raiser.onDeviceEvent(status('d1', 2));
    raiser.onDeviceEvent(online('d3'));
    await raiser.idle();

    expect(calls).toEqual([
      ['online', ['d1', 'd2']],
      ['raise', ['d1']],
      ['online', ['d3']],
    ]);
  });

  it('keeps order around an event that may raise: a failed command ends the batch', async () => {
    const { calls, repo } = fakeRepo();
    const raiser = new AlertRaiser(repo, clock, log, undefined, 'database');

    raiser.onDeviceEvent({ type: 'device', devId: 'd1', change: 'offline' });
    raiser.onDeviceEvent({ type: 'device', devId: 'd2', change: 'offline' });
    raiser.onDeviceEvent({
      type: 'command',
      devId: 'd3',
      cmdId: 'c1',
      svc: 'setOutlet',
      state: 'failed',
      error: 'timed out',
    });
    raiser.onDeviceEvent({ type: 'device', devId: 'd4', change: 'offline' });
    await raiser.idle();

    expect(calls).toEqual([
      ['offline', ['d1', 'd2']],
      ['raise', ['d3']],
      ['offline', ['d4']],
    ]);
  });
});

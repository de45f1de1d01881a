import { describe, expect, it } from 'vitest';
import type { ConnectionWrite, DeviceEventWrite } from './device-events.repository';
import { DeviceEventWriter } from './device-event-writer';

const log = { error: () => undefined, warn: () => undefined };
const at = new Date('2024-05-01T12:00:00Z');

function fakeRepo() {
  const calls: { events: DeviceEventWrite[][]; connections: ConnectionWrite[][] } = {
    events: [],
    connections: [],
  };
  let failures = 0;
  return {
    calls,
    failNext: (n: number) => (failures = n),
    repo: {
      insertEvents: (events: readonly DeviceEventWrite[]) => {
        if (failures > 0) {
          failures--;
          return Promise.reject(new Error('database down'));
        }
        calls.events.push([...events]);
        return Promise.resolve(
          events.map((e) => ({
            siteId: 'site-1',
            devId: e.devId,
            type: e.type,
            outlet: e.outlet,
            target: e.target ?? null,
            value: e.value,
            detail: null,
          })),
        );
      },
      insertConnections: (changes: readonly ConnectionWrite[]) => {
        calls.connections.push([...changes]);
        return Promise.resolve(['site-2']);
      },
    },
  };
}

const outlet = (devId: string, value: number): DeviceEventWrite => ({
  devId,
  parentDevId: null,
  type: 'outlet',
  outlet: 1,
  value,
  deviceTime: at,
  at,
});
const connection = (devId: string, online: boolean): ConnectionWrite => ({
  devId,
  parentDevId: null,
  online,
  retained: false,
  at,
});

describe('device event writer', () => {
  it('writes a burst in one statement, a report heard twice once', async () => {
    const { repo, calls } = fakeRepo();
    const sites: string[][] = [];
    const writer = new DeviceEventWriter(repo, log, (s) => sites.push(s));
    for (let i = 0; i < 10_000; i++) void writer.event(outlet(`D${i}`, 1));
    void writer.event(outlet('D1', 1));
    await writer.flush();
    expect(calls.events).toHaveLength(1);
    expect(calls.events[0]).toHaveLength(10_000);
    expect(sites).toEqual([['site-1']]);
  });

  it('writes several online/offline changes of one device in order, one per statement', async () => {
    const { repo, calls } = fakeRepo();
    const writer = new DeviceEventWriter(repo, log, () => undefined);
    writer.connection(connection('A', false));
    writer.connection(connection('B', false));
    writer.connection(connection('A', true));
    await writer.flush();
    expect(calls.connections.map((round) => round.map((c) => `${c.devId}${c.online}`))).toEqual([
      ['Afalse', 'Bfalse'],
      ['Atrue'],
    ]);
  });

  it('writes a burst of online/offline changes in statements of bounded size, in order', async () => {
    const { repo, calls } = fakeRepo();
    const writer = new DeviceEventWriter(repo, log, () => undefined, {
      connectionsPerStatement: 2,
    });
    for (const devId of ['A', 'B', 'C']) writer.connection(connection(devId, false));
    writer.connection(connection('A', true));
    await writer.flush();
    expect(calls.connections.map((round) => round.map((c) => `${c.devId}${c.online}`))).toEqual([
      ['Afalse', 'Bfalse'],
      ['Cfalse'],
      ['Atrue'],
    ]);
  });

  it('keeps what a failed flush could not write for the next one', async () => {
    const { repo, calls, failNext } = fakeRepo();
    const writer = new DeviceEventWriter(repo, log, () => undefined);
    void writer.event(outlet('A', 1));
    failNext(1);
    await writer.flush();
    expect(writer.stats.failures).toBe(1);
    void writer.event(outlet('B', 0));
    await writer.flush();
    expect(calls.events.map((batch) => batch.map((e) => e.devId))).toEqual([['A', 'B']]);
  });

  it("settles an event's promise once a flush has written it, not while its flush fails", async () => {
    const { repo, failNext } = fakeRepo();
    const writer = new DeviceEventWriter(repo, log, () => undefined);
    let written = false;
    const event = writer.event(outlet('A', 1)).then(() => (written = true));
    failNext(1);
    await writer.flush();
    await Promise.resolve();
    expect(written).toBe(false);
    await writer.flush();
    await event;
    expect(written).toBe(true);
  });

  it('drops the oldest reports beyond its limit while the database fails', async () => {
    const { repo, calls, failNext } = fakeRepo();
    const writer = new DeviceEventWriter(repo, log, () => undefined, { maxPending: 3 });
    for (const id of ['A', 'B', 'C', 'D']) void writer.event(outlet(id, 1));
    failNext(1);
    await writer.flush();
    await writer.flush();
    expect(writer.stats.dropped).toBe(1);
    expect(calls.events.map((batch) => batch.map((e) => e.devId))).toEqual([['B', 'C', 'D']]);
  });
});

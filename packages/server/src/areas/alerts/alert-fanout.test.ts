import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../infra/db/database';
import { ALERTS_CHANNEL, AlertFanout } from './alert-fanout';

/** A database that loops NOTIFY back to its listeners, as PostgreSQL does for every server. */
function loopbackDatabase() {
  const listeners = new Map<string, ((payload: string) => void)[]>();
  const notified: { channel: string; payload: string }[] = [];
  const dialect = new PgDialect();
  const database = {
    db: {
      execute: (query: SQL) => {
        const [channel, payload] = dialect.sqlToQuery(query).params as [string, string];
        notified.push({ channel, payload });
        for (const listener of listeners.get(channel) ?? []) listener(payload);
        return Promise.resolve({ rows: [] });
      },
    },
    listen: (channel: string, onPayload: (payload: string) => void) => {
      listeners.set(channel, [...(listeners.get(channel) ?? []), onPayload]);
      return Promise.resolve(() => {
        listeners.set(channel, []);
        return Promise.resolve();
      });
    },
  } as unknown as Pick<Database, 'db' | 'listen'>;
  return {
    database,
    notified,
    send: (payload: string) => listeners.get(ALERTS_CHANNEL)?.[0]?.(payload),
  };
}

describe('AlertFanout', () => {
  it("pokes every stream of the users named, on every server, and no one else's", async () => {
    const { database } = loopbackDatabase();
    const raising = new AlertFanout(database);
    const holding = new AlertFanout(database);
    await raising.start();
    await holding.start();
    const pokes: string[] = [];
    holding.subscribe('u1', () => pokes.push('u1 tab 1'));
    holding.subscribe('u1', () => pokes.push('u1 tab 2'));
    const stop = holding.subscribe('u2', () => pokes.push('u2'));
    holding.subscribe('u3', () => pokes.push('u3'));
    await raising.publish(['u1', 'u2', 'u1']);
    expect(pokes).toEqual(['u1 tab 1', 'u1 tab 2', 'u2']);
    stop();
    pokes.length = 0;
    await raising.publish(['u2']);
    expect(pokes).toEqual([]);
  });

  it('sends the users 100 a notification (NOTIFY payloads are small)', async () => {
    const { database, notified } = loopbackDatabase();
    const fanout = new AlertFanout(database);
    const users = Array.from({ length: 250 }, (_, i) => `user-${i}`);
    await fanout.publish(users);
    expect(notified.map((n) => n.channel)).toEqual([
      ALERTS_CHANNEL,
      ALERTS_CHANNEL,
      ALERTS_CHANNEL,
    ]);
    expect(notified.flatMap((n) => JSON.parse(n.payload) as string[])).toEqual(users);
    expect(notified.every((n) => n.payload.length < 8000)).toBe(true);
  });

  it('ignores a payload that is not a list of user ids, and stops listening', async () => {
    const { database, send } = loopbackDatabase();
    const fanout = new AlertFanout(database);
    await fanout.start();
    const pokes: string[] = [];
    fanout.subscribe('u1', () => pokes.push('u1'));
    send('not json');
    send('{"u1":true}');
    send('[1, null, "u1"]');
    expect(pokes).toEqual(['u1']);
    await fanout.stop();
    send('["u1"]');
    expect(pokes).toEqual(['u1']);
  });
});

import type { UserSitesData } from '@powerdeck/domain';
import { eq, sql } from 'drizzle-orm';
import { once } from 'node:events';
import { type AddressInfo, type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../infra/db/schema-collab';
import { testDatabases } from '../test/databases';
import { type DemoApp, startDemoApp } from '../test/demo-sessions';
import { eventually } from '../test/sse';

const METRICS_TOKEN = 'test-metrics-token-0123456789';

describe.each(testDatabases())('a request whose client has gone, on $name', (testDb) => {
  let d: DemoApp;
  let port = 0;
  let siteId = '';

  beforeAll(async () => {
    d = await startDemoApp(testDb, { env: { METRICS_TOKEN } });
    await d.t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (d.t.app.server.address() as AddressInfo).port;
    const sites = (
      await d.call('admin', 'accountManagement', 'getUserSitesData')
    ).json<UserSitesData>();
    siteId = sites.records.find((s) => s.permLvl === 'ADMIN')?.siteId ?? '';
    expect(siteId).not.toBe('');
  });
  afterAll(() => d.close());

  /**
   * Makes the server wait, as a busy one does: every session lookup waits for a transaction that
   * holds the sessions table until the returned release is called.
   */
  const holdSessions = async (): Promise<() => Promise<void>> => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const held = d.opened.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE`);
      locked();
      await gate;
    });
    await isLocked;
    return async () => {
      release();
      await held;
    };
  };

  /** Sends a createNote over a connection of its own; the server's end of it comes with it. */
  const postNote = async (text: string): Promise<{ client: Socket; server: Socket }> => {
    const body = new URLSearchParams({ siteId, note: text }).toString();
    const accepted = once(d.t.app.server, 'connection') as Promise<[Socket]>;
    const client = connect(port, '127.0.0.1');
    await once(client, 'connect');
    client.write(
      [
        'POST /data-svc/siteManagement/data-svc.php?svc=createNote HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Cookie: ${d.cookie('admin')}`,
        'Content-Type: application/x-www-form-urlencoded',
        `Content-Length: ${Buffer.byteLength(body)}`,
        '',
        body,
      ].join('\r\n'),
    );
    const [server] = await accepted;
    return { client, server };
  };

  const stored = async (text: string) =>
    (await d.opened.database.db.select().from(notes).where(eq(notes.note, text))).length;

  const abandonedMetric = async () => {
    const response = await d.t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return /^powerdeck_requests_abandoned_total (\d+)$/m.exec(response.body)?.[1];
  };

  it('is not run when its client closed the connection while it waited, and is counted', async () => {
    const before = d.t.app.dataSvcStats.abandoned;
    const release = await holdSessions();
    const text = `gone ${Date.now()}`;
    const { client, server } = await postNote(text);
    client.destroy();
    // the server has read the request and then the end of the connection: the call is waiting
    if (!server.destroyed) await once(server, 'close');
    await release();
    await eventually(() => (d.t.app.dataSvcStats.abandoned > before ? true : undefined));
    expect(d.t.app.dataSvcStats.abandoned).toBe(before + 1);
    expect(await stored(text)).toBe(0);
    expect(await abandonedMetric()).toBe(String(before + 1));
  });

  it('is run as usual for a client that waits for its answer', async () => {
    const before = d.t.app.dataSvcStats.abandoned;
    const release = await holdSessions();
    const text = `waited ${Date.now()}`;
    const { client } = await postNote(text);
    const answer = new Promise<string>((resolve) => {
      let received = '';
      client.on('data', (chunk: Buffer) => {
        received += chunk.toString();
        if (received.includes('\r\n\r\n')) resolve(received);
      });
    });
    await release();
    expect((await answer).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    client.destroy();
    expect(await stored(text)).toBe(1);
    expect(d.t.app.dataSvcStats.abandoned).toBe(before);
  });
});

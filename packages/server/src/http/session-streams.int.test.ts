import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_STREAM_PATH } from '../areas/alerts/alert-stream.routes';
import { devices, permissions } from '../infra/db/schema';
import { testDatabases } from '../test/databases';
import { type DemoApp, startDemoApp } from '../test/demo-sessions';
import { signInDemoUsers } from '../test/sign-in-demo-users';
import { SseClient } from '../test/sse';
import { STREAMS_PER_SESSION } from './session-streams';

const DEVICE_STREAM_PATH = '/data-svc/eventPuller/eventPullerPusher.php';

describe.each(testDatabases())('live streams capped per session on $name', (testDb) => {
  let d: DemoApp;
  let base: string;
  /** A device the client user sees, and one they do not. */
  let seen = { devId: '', devClass: '' };
  let unseen = { devId: '', devClass: '' };
  const opened: SseClient[] = [];

  beforeAll(async () => {
    d = await startDemoApp(testDb);
    base = await d.t.app.listen({ port: 0, host: '127.0.0.1' });
    const db = d.opened.database.db;
    const clientId = await d.userId('client');
    const clientSites = await d.siteIdsOf('client');
    const topLevel = { devId: devices.devId, devClass: devices.devClass };
    const [mine] = await db
      .select(topLevel)
      .from(devices)
      .innerJoin(
        permissions,
        and(eq(permissions.siteId, devices.siteId), eq(permissions.userId, clientId)),
      )
      .where(isNull(devices.parentDevId))
      .limit(1);
    const [theirs] = await db
      .select(topLevel)
      .from(devices)
      .where(and(isNull(devices.parentDevId), notInArray(devices.siteId, clientSites)))
      .limit(1);
    if (!mine || !theirs) throw new Error('the demo data lacks a device this test needs');
    seen = mine;
    unseen = theirs;
  });

  afterAll(async () => {
    for (const sse of opened) sse.close();
    await d?.close();
  });

  const deviceStream = async (cookie: string, device = seen) => {
    const query = new URLSearchParams({ devClass: device.devClass, devId: device.devId });
    const sse = await SseClient.open(`${base}${DEVICE_STREAM_PATH}?${query.toString()}`, {
      cookie,
    });
    opened.push(sse);
    return sse;
  };
  const alertStream = async (cookie: string) => {
    const sse = await SseClient.open(`${base}${ALERT_STREAM_PATH}`, { cookie });
    opened.push(sse);
    return sse;
  };
  const watchers = () => d.t.app.devices.events.watcherCount(seen.devId);
  /** Publishes a status of the seen device; resolves with its sequence number. */
  const publish = () =>
    d.t.app.devices.events.publish({
      type: 'status',
      devId: seen.devId,
      status: { time: 1, sysTime: 1, otlts: [true] },
    }).seq;

  it('the 21st stream of a session closes its oldest (device and alert streams together); another session is unaffected', async () => {
    expect(STREAMS_PER_SESSION).toBe(20);
    const cookie = d.cookie('client');
    // the same user signed in a second time: a session of its own
    const other = (await signInDemoUsers(d.t.app, ['client'])).get('client') ?? '';
    expect(other).not.toBe(cookie);
    const watchersBefore = watchers();

    const first = await deviceStream(cookie);
    const second = await deviceStream(cookie);
    const middle: SseClient[] = [];
    for (let i = 0; i < 9; i++) middle.push(await alertStream(cookie));
    for (let i = 0; i < 9; i++) middle.push(await deviceStream(cookie));
    const elsewhere = await deviceStream(other);
    const all = [first, second, ...middle];
    expect(all).toHaveLength(STREAMS_PER_SESSION);
    expect(all.every((sse) => sse.status === 200 && !sse.ended)).toBe(true);
    expect(watchers()).toBe(watchersBefore + 12);

    // a stream refused by the access check evicts nothing
    expect((await deviceStream(cookie, unseen)).status).toBe(403);
    expect((await deviceStream('pd_session=nobody.nothing')).status).toBe(401);
    expect(first.ended).toBe(false);

    const last = await deviceStream(cookie);
    expect(last.status).toBe(200);
    await first.waitForEnd();
    expect(first.comments.some((c) => /more than 20 live streams/.test(c))).toBe(true);
    // 12, not 13: the closed stream released its subscription to the device's events
    expect(watchers()).toBe(watchersBefore + 12);

    const seq = publish();
    for (const live of [last, second, elsewhere]) {
      await live.waitFor((e) => e.seq === seq);
    }
    expect(first.received.some((e) => e.seq === seq)).toBe(false);
    expect([second, ...middle, last, elsewhere].some((sse) => sse.ended)).toBe(false);
  });

  it('an alert stream closed for the cap ends too, and the session keeps its cap', async () => {
    const [cookie] = [...(await signInDemoUsers(d.t.app, ['installer'])).values()];
    if (!cookie) throw new Error('no cookie');
    const oldest = await alertStream(cookie);
    const rest: SseClient[] = [];
    for (let i = 1; i < STREAMS_PER_SESSION; i++) rest.push(await alertStream(cookie));
    expect(oldest.ended).toBe(false);
    const newest = await alertStream(cookie);
    await oldest.waitForEnd();
    expect(oldest.comments.some((c) => /more than 20 live streams/.test(c))).toBe(true);
    // the next one closes the next oldest, and only it
    const [secondOldest, ...others] = rest;
    const newer = await alertStream(cookie);
    await secondOldest?.waitForEnd();
    expect([...others, newest, newer].some((sse) => sse.ended)).toBe(false);
  });
});

import { type CallDef, type DeviceClass, callPath, callTable } from '@powerdeck/domain';
import { ManualScheduler, createModel } from '@powerdeck/simulator';
import { checkService } from '@powerdeck/simulator/test-services';
import mqtt, { type MqttClient } from 'mqtt';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail } from './demo/demo-data';
import { SERVICE_USERNAME } from './infra/mqtt/broker-access';
import {
  type DynsecCredentialSink,
  createDynsecCredentialSink,
} from './infra/mqtt/dynsec-credentials';
import { type FreshPostgresDatabase, createPostgresDatabase } from './test/databases';
import { type MosquittoProcess, initialDynsecFile, startMosquitto } from './test/mosquitto';
import { cookieOf, request } from './test/one-request';
import { freePort } from './test/ports';
import { type RoundRobinProxy, startRoundRobinProxy } from './test/round-robin-proxy';
import { type ServerProcess, startServerProcess } from './test/server-process';
import { SseClient } from './test/sse';

/**
 * The topology of deploy/compose.yaml with real processes on loopback: two servers on one
 * PostgreSQL database, Mosquitto with the shipped configuration (deploy/mosquitto), and a
 * round-robin proxy in front standing for HAProxy (docs/operations.md, "Several servers").
 */

// As testDatabases(): PostgreSQL cases exist where TEST_DATABASE_URL is set, and there they are
// required (checkService fails when nothing answers and REQUIRE_SERVICES is true). Unset (CI's
// Node 24 pass runs on PGlite only) this file has nothing to run on: two server processes cannot
// share an embedded database.
const postgresUrl = process.env.TEST_DATABASE_URL?.trim();
const postgres = postgresUrl
  ? await checkService('PostgreSQL', postgresUrl, 'start it, or unset TEST_DATABASE_URL')
  : {
      reachable: false,
      skipReason:
        'TEST_DATABASE_URL is not set: two server processes need a PostgreSQL server to share',
    };
if (!postgres.reachable) {
  if (!postgresUrl) console.warn(`SKIPPED: ${postgres.skipReason}`);
  it.skip(postgres.skipReason, () => {});
}

const secret = () => randomBytes(18).toString('base64url');
const admin = { username: 'powerdeck-dynsec', password: secret() };
const service = { username: SERVICE_USERNAME, password: secret() };

const svcPath = (call: CallDef) => `${callPath(call)}?svc=${call.svc ?? ''}`;

/** Resolves once `check` holds, re-running `act` every `everyMs` meanwhile; fails after `ms`. */
async function repeatUntil(
  what: string,
  act: () => Promise<void>,
  check: () => boolean,
  { everyMs = 250, ms = 10_000 } = {},
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await act();
    await new Promise((retry) => setTimeout(retry, everyMs));
  }
}

describe.runIf(postgres.reachable)('two servers behind a load balancer', () => {
  let database: FreshPostgresDatabase;
  let broker: MosquittoProcess;
  let proxy: RoundRobinProxy;
  let sink: DynsecCredentialSink | undefined;
  let device: MqttClient | undefined;
  const servers: ServerProcess[] = [];
  const streams: SseClient[] = [];
  const backendPorts: number[] = [];
  /** A top-level demo device the owner may delete (ADMIN or owner at its location). */
  let target = { devId: '', devClass: '', siteId: '' };
  /** The password Mosquitto's dynamic security holds for it. */
  let devicePassword = '';
  let cookie = '';

  beforeAll(async () => {
    database = await createPostgresDatabase(postgresUrl ?? '');
    broker = await startMosquitto(await initialDynsecFile({ admin, service }));
    backendPorts.push(await freePort(), await freePort());
    proxy = await startRoundRobinProxy(backendPorts);
    const brokerUrl = new URL(broker.url);
    const asIdentity = (who: { username: string; password: string }) => {
      const url = new URL(brokerUrl);
      url.username = who.username;
      url.password = who.password;
      return url.toString();
    };
    const shared = {
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      MQTT_URL: asIdentity(service),
      MQTT_DYNSEC_URL: asIdentity(admin),
      PUBLIC_ORIGIN: proxy.url,
      TRUST_PROXY: '127.0.0.1',
    };
    // Demo data goes only into an empty database: the first server seeds it before the second
    // starts (docs/operations.md); the second runs as production would.
    for (const [index, demo] of ['true', 'false'].entries()) {
      const port = String(backendPorts[index]);
      servers.push(await startServerProcess({ ...shared, PORT: port, DEMO: demo }));
    }

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const found = await client.query<{ dev_id: string; dev_class: string; site_id: string }>(
        `select d.dev_id, d.dev_class, d.site_id from devices d
           join permissions p on p.site_id = d.site_id
           join users u on u.id = p.user_id
          where u.email = $1 and d.parent_dev_id is null and p.perm_lvl in ('owner', 'ADMIN')
          order by d.dev_id limit 1`,
        [demoEmail('owner')],
      );
      const row = found.rows[0];
      if (!row) throw new Error('the demo data lacks a device of the owner');
      target = { devId: row.dev_id, devClass: row.dev_class, siteId: row.site_id };
    } finally {
      await client.end();
    }
  }, 180_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await device?.endAsync(true);
    await sink?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await proxy?.close();
    await broker?.stop();
    await database?.drop();
  }, 60_000);

  /** The backend the proxy sent its latest connection to. */
  const lastBackend = () => proxy.routes.at(-1);

  const sessionUser = async () => {
    const answer = await request(`${proxy.url}${svcPath(callTable.auth.session)}`, {
      headers: { cookie },
    });
    expect(answer.status).toBe(200);
    return {
      backend: lastBackend(),
      email: (JSON.parse(answer.body) as { user: { email: string } | null }).user?.email,
    };
  };

  it('a sign-in through the proxy gives a session that both servers accept', async () => {
    const signIn = await request(`${proxy.url}${svcPath(callTable.auth.login)}`, {
      method: 'POST',
      json: { email: demoEmail('owner'), password: DEMO_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    cookie = cookieOf(signIn);
    expect(cookie).toMatch(/pd_session=/);

    const answers = [await sessionUser(), await sessionUser()];
    // round robin: one call reached each server, and each knew the session
    expect(answers.map((a) => a.backend).sort()).toEqual([0, 1]);
    expect(answers.map((a) => a.email)).toEqual([demoEmail('owner'), demoEmail('owner')]);
  });

  it("a device's live stream survives its server's death: it resumes on the other server", async () => {
    // the device, as hardware would be on this Mosquitto: a credential the servers' admin
    // identity provisioned, its own client id and user name, publishing under its own root
    sink = await createDynsecCredentialSink({ url: broker.url, ...admin, timeoutMs: 5_000 });
    devicePassword = secret();
    await sink.grant(target.devId, devicePassword);
    device = await mqtt.connectAsync(
      broker.url,
      {
        clientId: target.devId,
        username: target.devId,
        password: devicePassword,
        protocolVersion: 4,
      },
      false,
    );
    device.on('error', () => undefined);
    const model = createModel({
      devId: target.devId,
      devClass: target.devClass as DeviceClass,
      seed: 1,
      scheduler: new ManualScheduler(),
    });
    const reported: number[] = [];
    /** One complete status report (deviceStatusSchema), as a change report: QoS 1, retained. */
    const report = async () => {
      const status = model.status();
      reported.push(status.seq ?? -1);
      await device?.publishAsync(`pd/v1/${target.devId}/status`, JSON.stringify(status), {
        qos: 1,
        retain: true,
      });
    };
    const statusOf = (stream: SseClient, after: number) =>
      stream.received.some(
        (e) =>
          e.event.type === 'status' && ((e.event.status as { seq?: number }).seq ?? -1) > after,
      );

    const query = new URLSearchParams({ devClass: target.devClass, devId: target.devId });
    const streamUrl = `${proxy.url}${callPath(callTable.deviceStreams.eventPullerPusher)}?${query.toString()}`;
    const first = await SseClient.open(streamUrl, { cookie });
    streams.push(first);
    expect(first.status).toBe(200);
    const holder = lastBackend() ?? -1;
    expect([0, 1]).toContain(holder);

    // a report reaches the stream (the holder subscribes to the device it streams; it may take
    // a moment, so the device reports again until one arrives)
    await repeatUntil('a status on the first stream', report, () => statusOf(first, -1));
    const lastEventId = first.received.at(-1)?.seq ?? 0;

    await servers[holder]?.kill();
    await first.waitForEnd(10_000);
    // a report while no server holds the stream: the resumed stream must not lose it unseen
    await report();
    const missedSeq = reported.at(-1) ?? -1;

    // what EventSource does after `retry`: the same URL again, with Last-Event-ID
    const resumed = await SseClient.open(streamUrl, {
      cookie,
      'last-event-id': String(lastEventId),
    });
    streams.push(resumed);
    expect(resumed.status).toBe(200);
    expect(lastBackend()).toBe(1 - holder);
    // the survivor cannot replay the dead server's events: it sends a resync (refetch
    // everything) or the events it has after that id, the missed report among them
    const firstEvent = await resumed.waitFor(() => true, 10_000);
    if (firstEvent.event.type !== 'resync') {
      await resumed.waitFor(
        (e) => e.event.type === 'status' && (e.event.status as { seq?: number }).seq === missedSeq,
        10_000,
      );
    }
    expect(firstEvent.seq).toBeGreaterThan(0);
    // and the device's next report arrives live on the resumed stream
    await repeatUntil('a new status on the resumed stream', report, () =>
      statusOf(resumed, missedSeq),
    );
  });

  it('the survivor is ready and the proxy keeps serving', async () => {
    const dead = servers.findIndex((s) => s.child.signalCode === 'SIGKILL');
    expect(dead).toBeGreaterThanOrEqual(0);
    const survivor = `http://127.0.0.1:${backendPorts[1 - dead]}`;
    const ready = await request(`${survivor}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ok' });
    // every request through the proxy is answered, whichever backend its turn named
    for (let i = 0; i < 4; i++) {
      const answer = await request(`${proxy.url}/readyz`);
      expect(answer.status).toBe(200);
      expect(lastBackend()).toBe(1 - dead);
    }
    expect((await sessionUser()).email).toBe(demoEmail('owner'));
  });

  it('deleting the device through the servers revokes it on Mosquitto: disconnected and refused', async () => {
    expect(device?.connected).toBe(true);
    const closed = new Promise<void>((resolve) => device?.once('close', () => resolve()));
    const deleted = await request(`${proxy.url}${svcPath(callTable.registration.deleteDevice)}`, {
      method: 'POST',
      headers: { cookie },
      json: target,
    });
    expect(deleted.status).toBe(200);
    await closed;
    device?.end(true);
    await expect(
      mqtt.connectAsync(
        broker.url,
        {
          clientId: target.devId,
          username: target.devId,
          password: devicePassword,
          protocolVersion: 4,
          reconnectPeriod: 0,
        },
        false,
      ),
    ).rejects.toThrow();
  });
});

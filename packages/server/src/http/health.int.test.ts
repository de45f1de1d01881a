import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { migrate } from '../infra/db/migrate';
import { type DeviceLink, connectDeviceLink } from '../infra/mqtt/device-link';
import { type EmbeddedBroker, startEmbeddedBroker } from '../infra/mqtt/embedded-broker';
import { type OpenedTestDatabase, testDatabases } from '../test/databases';
import { TEST_DEVICE_KEY } from '../test/devices';
import { type TestApp, startTestApp, testConfig } from '../test/test-app';

const METRICS_TOKEN = 'test-metrics-token-0123456789';
const DEV = '1065A3000001';
const STATUS = JSON.stringify({
  devClass: 'm4315',
  sysTime: 1_714_564_800,
  uptime: 5,
  name: 'Rack',
  fwVer: '2.4.1',
  otlts: [true, false],
  interval: 30,
  voltage: 120.1,
  wattage: 300,
});

/** The value of an unlabelled series in Prometheus text, or undefined. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe.each(testDatabases())('health and metrics on $name', (testDb) => {
  let broker: EmbeddedBroker;
  let serviceToken: string;
  const opened: OpenedTestDatabase[] = [];
  const links: DeviceLink[] = [];
  const apps: FastifyInstance[] = [];

  const connect = async () => {
    const link = await connectDeviceLink({ url: broker.url, serviceToken });
    links.push(link);
    return link;
  };
  const start = async (env: Record<string, string> = {}) => {
    const database = await testDb.open();
    opened.push(database);
    const link = await connect();
    const t = await startTestApp(database.database, { env, devices: { link } });
    apps.push(t.app);
    return { t, link, database };
  };

  beforeAll(async () => {
    serviceToken = randomBytes(16).toString('hex');
    broker = await startEmbeddedBroker({
      deviceKey: TEST_DEVICE_KEY,
      serviceToken,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    // the apps whose database was closed under them may fail to close cleanly: that is the test
    for (const app of apps) await app.close().catch(() => undefined);
    for (const link of links) await link.close().catch(() => undefined);
    for (const database of opened) await database.dispose().catch(() => undefined);
    await broker?.stop();
  });

  describe('with METRICS_TOKEN set', () => {
    let t: TestApp;
    beforeAll(async () => {
      ({ t } = await start({ METRICS_TOKEN }));
    });

    it('/healthz answers ok without a session', async () => {
      const response = await t.app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('/readyz answers ok when the database, its migrations and the broker are there', async () => {
      const response = await t.app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('/metrics refuses a request without the token or with a wrong one', async () => {
      const cases = [
        {},
        { authorization: 'Bearer wrong-token-of-some-length' },
        { authorization: `Bearer ${METRICS_TOKEN}x` },
        { authorization: `Basic ${METRICS_TOKEN}` },
      ];
      for (const headers of cases) {
        const response = await t.app.inject({ url: '/metrics', headers });
        expect(response.statusCode, JSON.stringify(headers)).toBe(401);
        expect(response.body).not.toContain('powerdeck_');
      }
    });

    it('/metrics answers Prometheus text whose status counter grows with a status report', async () => {
      const scrape = async () => {
        const response = await t.app.inject({
          url: '/metrics',
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        return response.body;
      };
      const before = await scrape();
      for (const line of [
        'powerdeck_info{version="0.1.0"} 1',
        `powerdeck_database_up{kind="${testDb.name === 'PGlite' ? 'pglite' : 'postgres'}"} 1`,
        'powerdeck_broker_up{kind="embedded"} 1',
        'powerdeck_devices_connected 0',
        'powerdeck_command_failures_total 0',
        'powerdeck_command_expiries_total 0',
      ]) {
        expect(before).toContain(line);
      }
      expect(before).toMatch(/^# TYPE powerdeck_job_queue_depth gauge$/m);
      expect(before).toMatch(/^process_cpu_user_seconds_total /m);
      const statusesBefore = sample(before, 'powerdeck_status_messages_total');
      expect(statusesBefore).toBe(0);

      // what the broker connection hands the hub for a device's report
      void t.app.devices.hub?.handle(`pd/v1/${DEV}/status`, STATUS);
      const after = await scrape();
      expect(sample(after, 'powerdeck_status_messages_total')).toBe(1);
      expect(sample(after, 'powerdeck_device_messages_total')).toBeGreaterThanOrEqual(1);
    });

    it('echoes a safe X-Request-Id and replaces an unsafe or missing one', async () => {
      const given = await t.app.inject({
        url: '/healthz',
        headers: { 'x-request-id': 'lb-42.a:b' },
      });
      expect(given.headers['x-request-id']).toBe('lb-42.a:b');
      for (const headers of [
        { 'x-request-id': 'bad id <script>' },
        { 'x-request-id': 'x'.repeat(65) },
        {},
      ]) {
        const response = await t.app.inject({ url: '/healthz', headers });
        expect(response.headers['x-request-id']).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        );
      }
    });
  });

  it("puts the request's id in the log lines of that request", async () => {
    const database = await testDb.open();
    opened.push(database);
    await migrate(database.database);
    const lines: { reqId?: string; msg?: string }[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line) as { reqId?: string }) },
    );
    const app = await buildApp({ config: testConfig(), db: database.database, logger });
    apps.push(app);
    await app.ready();
    const response = await app.inject({
      url: '/data-svc/locations/dataSvc.php?svc=noSuchCall',
      headers: { 'x-request-id': 'trace-me-1' },
    });
    expect(response.headers['x-request-id']).toBe('trace-me-1');
    const ours = lines.filter((line) => line.reqId === 'trace-me-1').map((line) => line.msg);
    expect(ours).toContain('incoming request');
    expect(ours).toContain('request completed');
  });

  it('/metrics is 404 without METRICS_TOKEN', async () => {
    const { t } = await start();
    const response = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('powerdeck_');
  });

  it('/readyz is 503 naming the broker, then the database, when they are gone', async () => {
    const { t, link, database } = await start();
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    await link.close();
    const noBroker = await t.app.inject({ url: '/readyz' });
    expect(noBroker.statusCode).toBe(503);
    expect(noBroker.json()).toEqual({ status: 'unavailable', failed: ['broker'] });

    await database.database.close();
    const noDatabase = await t.app.inject({ url: '/readyz' });
    expect(noDatabase.statusCode).toBe(503);
    const { failed } = noDatabase.json<{ failed: string[] }>();
    expect(failed).toContain('database');
    expect(failed).toContain('broker');
    // /healthz only says the process runs
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

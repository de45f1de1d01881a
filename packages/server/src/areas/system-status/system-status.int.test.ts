import {
  systemStatusMessages,
  systemStatusSchema,
  undeliveredMailMessages,
  undeliveredMailSchema,
} from '@powerdeck/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobQueue } from '../../infra/jobs/job-queue';
import { OutboxRepository } from '../../infra/mail/outbox.repository';
import { testDatabases } from '../../test/databases';
import { type DemoApp, type DemoRole, startDemoApp } from '../../test/demo-sessions';
import { ServerHeartbeat } from './server-heartbeat';
import { type Counters, SystemStatusRepository } from './system-status.repository';

const EVERY_MS = 10_000;
const silent = { warn: vi.fn() };

describe.each(testDatabases())('System Status on $name', (testDb) => {
  let demo: DemoApp;

  const read = async (role: DemoRole) => {
    const response = await demo.call(role, 'systemStatus', 'get');
    expect(response.statusCode, response.body).toBe(200);
    return systemStatusSchema.parse(response.json());
  };

  /** Another server on the same database, whose counts the test sets. */
  const otherServer = () => {
    const counters: Counters = { statuses: 0, commands: 0, commandFailures: 0, commandExpiries: 0 };
    const heartbeat = new ServerHeartbeat(
      new SystemStatusRepository(demo.opened.database.db),
      demo.t.clock,
      () => ({ ...counters }),
      silent,
      EVERY_MS,
    );
    return { heartbeat, counters };
  };

  beforeAll(async () => {
    demo = await startDemoApp(testDb);
  });
  afterAll(async () => {
    await demo?.close();
  });

  it.each(['support', 'owner'] as const)('%s sees the figures of this server', async (role) => {
    const status = await read(role);
    const self = status.servers.find((s) => s.self);
    expect(self).toMatchObject({ gone: false, version: expect.any(String) as string });
    expect(self?.serverId).toBe(demo.t.app.systemStatus.heartbeat.serverId);
    expect(status.database).toEqual({
      kind: testDb.name === 'PGlite' ? 'PGlite' : 'PostgreSQL',
      up: true,
      migrationsApplied: true,
    });
    // no broker link in this app: nothing to be unready for, as /readyz says
    expect(status.broker).toEqual({ kind: 'embedded', up: true });
    expect(status.devices.seenLast24h).toBeGreaterThanOrEqual(status.devices.connected);
    expect(status.rates.samples).toHaveLength(90);
    expect(status.mail).toMatchObject({ retrying: 0, failed: 0 });
  });

  it.each(['client', 'admin', 'installer'] as const)('%s is refused with 403', async (role) => {
    const response = await demo.call(role, 'systemStatus', 'get');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: systemStatusMessages.forbidden });
  });

  it('refuses a visitor without a session', async () => {
    const response = await demo.call(null, 'systemStatus', 'get');
    expect(response.statusCode).toBe(401);
  });

  it('lists every heartbeating server, sums their rates and shows a silent one as gone', async () => {
    const a = otherServer();
    const b = otherServer();
    await a.heartbeat.start();
    await b.heartbeat.start();
    demo.t.clock.advance(EVERY_MS);
    a.counters.statuses = 100; // 10 a second
    a.counters.commands = 20;
    a.counters.commandFailures = 2;
    b.counters.statuses = 50; // 5 a second
    b.counters.commandExpiries = 1;
    await a.heartbeat.beat();
    await b.heartbeat.beat();

    const both = await read('support');
    const ids = both.servers.map((s) => s.serverId);
    expect(ids).toEqual(expect.arrayContaining([a.heartbeat.serverId, b.heartbeat.serverId]));
    expect(both.servers.find((s) => s.serverId === a.heartbeat.serverId)).toMatchObject({
      gone: false,
      self: false,
      uptimeSeconds: EVERY_MS / 1000,
    });
    expect(both.rates.statusesPerSecond).toBeCloseTo(15);
    expect(both.rates.commandsPerSecond).toBeCloseTo(2);
    expect(both.rates.samples.at(-1)).toMatchObject({ statuses: 15, commands: 2 });
    expect(both.commands).toEqual({ failures: 2, expiries: 1 });

    // b stops; a goes on at 10 a second
    demo.t.clock.advance(31_000);
    a.counters.statuses = 410;
    await a.heartbeat.beat();
    const later = await read('support');
    expect(later.servers.find((s) => s.serverId === b.heartbeat.serverId)?.gone).toBe(true);
    expect(later.servers.find((s) => s.serverId === a.heartbeat.serverId)?.gone).toBe(false);
    expect(later.rates.statusesPerSecond).toBeCloseTo(10);
    await a.heartbeat.stop();
    await b.heartbeat.stop();
  });

  it('prunes servers and samples not seen for an hour', async () => {
    const gone = otherServer();
    await gone.heartbeat.start();
    await gone.heartbeat.stop();
    demo.t.clock.advance(61 * 60 * 1000);
    await demo.t.app.systemStatus.heartbeat.beat();
    const status = await read('support');
    expect(status.servers.map((s) => s.serverId)).not.toContain(gone.heartbeat.serverId);
    const samples = await new SystemStatusRepository(demo.opened.database.db).samplesSince(
      new Date(0),
    );
    expect(samples.map((s) => s.serverId)).not.toContain(gone.heartbeat.serverId);
  });

  it("shows each job queue's depth and its last run's result", async () => {
    const jobs = await createJobQueue(demo.opened.database, {
      log: { error: vi.fn(), warn: vi.fn() },
    });
    try {
      await jobs.createQueue('status-test');
      await jobs.send('status-test', { n: 1 }, { retryLimit: 0 });
      await jobs.send('status-test', { n: 2 }, { startAfter: new Date(Date.now() + 3_600_000) });
      jobs.work('status-test', { pollingIntervalSeconds: 0.5 }, () =>
        Promise.reject(new Error('printer on fire')),
      );
      await vi.waitFor(
        async () => {
          const queue = (await read('support')).jobs.queues.find((q) => q.queue === 'status-test');
          expect(queue).toMatchObject({
            waiting: 1,
            failed: 1,
            lastState: 'failed',
            lastError: 'printer on fire',
          });
          expect(queue?.lastRunAt).not.toBeNull();
        },
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      await jobs.stop();
    }
  });

  it('SUPPORT sees mail that did not go out, without its body, and sends a failed one again', async () => {
    const outbox = new OutboxRepository(demo.opened.database.db);
    const mail = (subject: string) => ({
      to: 'someone@example.com',
      subject,
      text: `secret link https://example.com/reset?token=${subject}`,
    });
    const retrying = await outbox.enqueue(mail('still-trying'));
    await outbox.markAttemptFailed(retrying, '421 try later');
    const failed = await outbox.enqueue(mail('gave-up'));
    await outbox.markAttemptFailed(failed, '550 no such mailbox');
    await outbox.markFailed(failed, 'dead letter');

    const response = await demo.call('support', 'systemStatus', 'undeliveredMail');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('secret link');
    const { messages } = undeliveredMailSchema.parse(response.json());
    expect(messages.filter((m) => m.to === 'someone@example.com')).toEqual([
      expect.objectContaining({ id: String(failed), subject: 'gave-up', state: 'failed' }),
      expect.objectContaining({
        id: String(retrying),
        state: 'retrying',
        attempts: 1,
        lastError: '421 try later',
      }),
    ]);
    // the failed one's error is the attempt's, not the dead letter's
    expect(messages.find((m) => m.id === String(failed))?.lastError).toBe('550 no such mailbox');

    const resend = (outboxId: string) =>
      demo.call('support', 'systemStatus', 'resendMail', { form: { outboxId } });
    expect((await resend(String(failed))).json()).toEqual({ ok: true });
    // queued again with its attempts starting over; the demo's worker delivers it
    await vi.waitFor(
      async () => {
        const row = await outbox.find(failed);
        expect(row?.state).toBe('sent');
      },
      { timeout: 20_000, interval: 100 },
    );
    // only a failed message can be sent again; a bad id is a 400
    const again = await resend(String(failed));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: undeliveredMailMessages.notFound });
    expect((await resend(String(retrying))).statusCode).toBe(404);
    expect((await resend('0')).statusCode).toBe(400);
  });

  it.each(['owner', 'admin', 'client'] as const)(
    '%s may neither list nor resend undelivered mail (403)',
    async (role) => {
      const list = await demo.call(role, 'systemStatus', 'undeliveredMail');
      expect(list.statusCode).toBe(403);
      expect(list.json()).toEqual({ error: undeliveredMailMessages.forbidden });
      const resend = await demo.call(role, 'systemStatus', 'resendMail', {
        form: { outboxId: '1' },
      });
      expect(resend.statusCode).toBe(403);
    },
  );
});

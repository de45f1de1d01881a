import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RetentionSettings, loadConfig } from '../../config';
import { migrate } from '../../infra/db/migrate';
import { rowsOf } from '../../infra/db/rows';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { type TestApp, TestClock, startTestApp } from '../../test/test-app';
import { Retention } from './retention';
import { RetentionRepository } from './retention.repository';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const T0 = Date.parse('2026-06-01T12:00:00Z');
const USER = 'retention-user';

/** The documented defaults (config.ts), with batches of 100 rows. */
const settings = (over: Partial<RetentionSettings> = {}): RetentionSettings => ({
  ...loadConfig({}).retention,
  batchSize: 100,
  ...over,
});

/** The repository, noting what each delete statement of raw readings removed. */
class CountingRepository extends RetentionRepository {
  readingBatches: number[] = [];
  override async deleteReadings(before: Date, limit: number): Promise<number> {
    const n = await super.deleteReadings(before, limit);
    this.readingBatches.push(n);
    return n;
  }
}

describe.each(testDatabases())('retention on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let server: TestApp | undefined;
  const clock = new TestClock(T0);
  const ago = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();

  const exec = (text: ReturnType<typeof sql>) => opened.database.db.execute(text);
  const count = async (text: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number }>(await exec(text))[0]?.n);
  const retentionWith = (over: Partial<RetentionSettings> = {}) => {
    const repo = new CountingRepository(opened.database.db);
    return { repo, retention: new Retention(repo, clock, settings(over)) };
  };
  /** Readings of one device, one a minute, `n` of them going back from `newest` ms ago. */
  const readings = (devId: string, newestAgo: number, n: number) =>
    exec(sql`
      INSERT INTO device_readings (dev_id, at, voltage, amperage, wattage)
      SELECT ${devId}, ${ago(newestAgo)}::timestamptz - m * interval '1 minute', 120, 1, 120
      FROM generate_series(0, ${n - 1}) m`);
  const readingsOf = (devId: string) =>
    count(sql`SELECT count(*)::int AS n FROM device_readings WHERE dev_id = ${devId}`);
  const setMinuteRollup = (doneUntil: string | null) =>
    exec(sql`UPDATE energy_rollup_progress SET done_until = ${doneUntil}::timestamptz
      WHERE level = 'minute'`);

  beforeAll(async () => {
    opened = await testDb.open();
    await migrate(opened.database);
    await exec(sql`
      INSERT INTO users (id, email, password_hash, first_name, last_name)
      VALUES (${USER}, 'retention@example.com', 'x', 'Re', 'Tention')`);
    // for the first run, on the job queue: three failures past 30 days, one within
    for (const age of [31 * DAY, 40 * DAY, 400 * DAY, 29 * DAY]) {
      await exec(sql`INSERT INTO login_failures (email, ip, failed_at)
        VALUES ('job@example.com', '192.0.2.1', ${ago(age)}::timestamptz)`);
    }
    server = await startTestApp(opened.database, { clock });
  });
  afterAll(async () => {
    await server?.app.close();
    await opened.dispose();
  });

  it('runs on the durable job queue, keeps one run waiting, and reports what it deleted per table', async () => {
    const app = server?.app;
    if (!app) throw new Error('no server');
    await expect.poll(() => app.retention.lastRun, { timeout: 15_000 }).not.toBeNull();
    expect(app.retention.lastRun?.tables.login_failures).toEqual({ deleted: 3, batches: 1 });
    expect(app.retention.lastRun?.complete).toBe(true);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM login_failures
        WHERE email = 'job@example.com'`),
    ).toBe(1);
    await expect
      .poll(
        () =>
          count(sql`SELECT count(*)::int AS n FROM pgboss.job
            WHERE name = 'retention' AND state = 'created'`),
        { timeout: 10_000 },
      )
      .toBe(1);
    // the rest of the file runs retention by hand, with no server running it meanwhile
    await app.close();
    server = undefined;
  });

  it('deletes old raw readings in batches of at most the batch size, and no young one', async () => {
    await setMinuteRollup(clock.now().toISOString());
    await readings('RET-OLD', 8 * DAY, 350);
    await readings('RET-YOUNG', 0, 6 * 24 * 60); // six days, up to now
    const { repo, retention } = retentionWith();
    const run = await retention.run();
    expect(run.tables.device_readings).toEqual({ deleted: 350, batches: 4 });
    expect(repo.readingBatches).toEqual([100, 100, 100, 50]);
    expect(run.complete).toBe(true);
    expect(await readingsOf('RET-OLD')).toBe(0);
    expect(await readingsOf('RET-YOUNG')).toBe(6 * 24 * 60);
  });

  it('keeps old raw readings the minute rollup has not read yet', async () => {
    // the rollup is 10 days behind: readings of 9 days ago are old but not rolled up
    await setMinuteRollup(ago(10 * DAY));
    await readings('RET-UNREAD', 9 * DAY, 30);
    // the rollup reads 5 minutes before its window: the newest 6 (to 5 minutes before) are kept
    await readings('RET-READ', 10 * DAY, 60);
    const { retention } = retentionWith();
    expect((await retention.run()).tables.device_readings?.deleted).toBe(54);
    expect(await readingsOf('RET-UNREAD')).toBe(30);
    expect(await readingsOf('RET-READ')).toBe(6);
    // a rollup not started yet keeps every reading
    await setMinuteRollup(null);
    await readings('RET-NOROLLUP', 20 * DAY, 10);
    expect((await retention.run()).tables.device_readings).toEqual({ deleted: 0, batches: 0 });
    expect(await readingsOf('RET-NOROLLUP')).toBe(10);
  });

  it('deletes finished commands past their age with their steps, and only through retention', async () => {
    const command = async (createdAgo: number, expiresAgo: number, steps: number) => {
      const id = randomUUID();
      await exec(sql`
        INSERT INTO device_commands (id, dev_id, svc, actor_kind, created_at, expires_at)
        VALUES (${id}, 'RET-CMD', 'setOutlet', 'user', ${ago(createdAgo)}::timestamptz,
          ${ago(expiresAgo)}::timestamptz)`);
      for (let i = 0; i < steps; i++) {
        await exec(sql`
          INSERT INTO device_command_events (cmd_id, state, at, source)
          VALUES (${id}, ${i === 0 ? 'sent' : 'done'}, ${ago(createdAgo)}::timestamptz,
            ${i === 0 ? 'server' : 'ack'})`);
      }
      return id;
    };
    const old: string[] = [];
    for (let i = 0; i < 150; i++) old.push(await command(91 * DAY + i * MINUTE, 91 * DAY, 2));
    const young = await command(89 * DAY, 89 * DAY, 2);
    // old, but its expiry (a long firmware step) is still ahead: not finished
    const open = await command(91 * DAY, -DAY, 1);
    const { retention } = retentionWith();
    const run = await retention.run();
    expect(run.tables.device_commands).toEqual({ deleted: 150, batches: 2 });
    expect(run.tables.device_command_events).toEqual({ deleted: 300, batches: 2 });
    const left = rowsOf<{ id: string }>(
      await exec(sql`SELECT id FROM device_commands WHERE dev_id = 'RET-CMD' ORDER BY id`),
    ).map((r) => r.id);
    expect(left).toEqual([young, open].sort());
    expect(
      await count(sql`SELECT count(*)::int AS n FROM device_command_events e
        JOIN device_commands c ON c.id = e.cmd_id WHERE c.dev_id = 'RET-CMD'`),
    ).toBe(3);
    // outside retention the history is still append-only (drizzle wraps the database's error)
    const refusal = (query: ReturnType<typeof sql>) =>
      exec(query).then(
        () => 'allowed',
        (error: unknown) => String((error as { cause?: unknown }).cause),
      );
    expect(await refusal(sql`DELETE FROM device_commands WHERE id = ${young}`)).toMatch(
      /append-only/,
    );
    expect(await refusal(sql`DELETE FROM device_command_events WHERE cmd_id = ${young}`)).toMatch(
      /append-only/,
    );
    expect(
      await refusal(sql`UPDATE device_command_events SET error = 'x' WHERE cmd_id = ${young}`),
    ).toMatch(/append-only/);
  });

  it('deletes sessions only once they expired or were revoked more than their days ago', async () => {
    const session = async (id: string, expiresAgo: number, revokedAgo: number | null) => {
      await exec(sql`
        INSERT INTO sessions (id, user_id, token_hash, created_at, expires_at, revoked_at)
        VALUES (${id}, ${USER}, ${`hash-${id}`}, ${ago(300 * DAY)}::timestamptz,
          ${ago(expiresAgo)}::timestamptz,
          ${revokedAgo === null ? null : ago(revokedAgo)}::timestamptz)`);
    };
    await session('live-since-long', -DAY, null);
    await session('expired-8-days', 8 * DAY, null);
    await session('expired-2-days', 2 * DAY, null);
    await session('revoked-10-days', -DAY, 10 * DAY);
    await session('revoked-1-day', -DAY, DAY);
    const { retention } = retentionWith();
    expect((await retention.run()).tables.sessions?.deleted).toBe(2);
    const left = rowsOf<{ id: string }>(await exec(sql`SELECT id FROM sessions ORDER BY id`));
    expect(left.map((r) => r.id)).toEqual(['expired-2-days', 'live-since-long', 'revoked-1-day']);
  });

  it('deletes sign-in failures past their days', async () => {
    for (const age of [30 * DAY + MINUTE, 45 * DAY, 30 * DAY - MINUTE, 0]) {
      await exec(sql`INSERT INTO login_failures (email, ip, failed_at)
        VALUES ('lf@example.com', '192.0.2.2', ${ago(age)}::timestamptz)`);
    }
    const { retention } = retentionWith();
    expect((await retention.run()).tables.login_failures?.deleted).toBe(2);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM login_failures WHERE email = 'lf@example.com'`,
      ),
    ).toBe(2);
  });

  it('deletes delivered mail after its days and failed mail after its longer days; never mail still to deliver', async () => {
    const mail = async (
      subject: string,
      state: string,
      queuedAgo: number,
      deliveredAgo?: number,
    ) => {
      await exec(sql`
        INSERT INTO outbox (to_address, subject, body_text, sent_at, delivery_state, delivered_at)
        VALUES ('to@example.com', ${subject}, 'body', ${ago(queuedAgo)}::timestamptz, ${state},
          ${deliveredAgo === undefined ? null : ago(deliveredAgo)}::timestamptz)`);
    };
    await mail('sent long ago', 'sent', 40 * DAY, 40 * DAY);
    await mail('sent before states', 'sent', 31 * DAY);
    await mail('sent lately', 'sent', 20 * DAY, 20 * DAY);
    await mail('delivered lately after retries', 'sent', 35 * DAY, 5 * DAY);
    await mail('queued long ago', 'queued', 200 * DAY);
    await mail('retrying long ago', 'retrying', 200 * DAY);
    await mail('failed a while ago', 'failed', 60 * DAY);
    await mail('failed long ago', 'failed', 91 * DAY);
    const { retention } = retentionWith();
    expect((await retention.run()).tables.outbox).toEqual({ deleted: 3, batches: 2 });
    const left = rowsOf<{ subject: string }>(
      await exec(sql`SELECT subject FROM outbox ORDER BY subject`),
    );
    expect(left.map((r) => r.subject)).toEqual([
      'delivered lately after retries',
      'failed a while ago',
      'queued long ago',
      'retrying long ago',
      'sent lately',
    ]);
  });

  it("deletes alert e-mails' window claims two days after their window started", async () => {
    for (const [devId, age] of [
      ['CLAIMOLD', 2 * DAY + MINUTE],
      ['CLAIMOLDER', 30 * DAY],
      ['CLAIMYOUNG', 2 * DAY - MINUTE],
    ] as const) {
      await exec(sql`
        INSERT INTO alert_mail_log (user_id, dev_id, kind, window_minutes, window_start, job_id)
        VALUES (${USER}, ${devId}, 'offline', 15, ${ago(age)}::timestamptz, 'job')`);
    }
    const { retention } = retentionWith();
    expect((await retention.run()).tables.alert_mail_log?.deleted).toBe(2);
    const left = rowsOf<{ dev_id: string }>(await exec(sql`SELECT dev_id FROM alert_mail_log`));
    expect(left.map((r) => r.dev_id)).toEqual(['CLAIMYOUNG']);
  });

  it("keeps a kind set to 'off' forever, and stops at its time budget with work left", async () => {
    await exec(sql`INSERT INTO login_failures (email, ip, failed_at)
      VALUES ('off@example.com', '192.0.2.3', ${ago(1000 * DAY)}::timestamptz)`);
    const everyKind = [
      'READINGS',
      'COMMANDS',
      'SESSIONS',
      'LOGIN_FAILURES',
      'OUTBOX',
      'OUTBOX_FAILED',
    ].map((kind): [string, string] => [`RETENTION_${kind}_DAYS`, 'off']);
    const off = retentionWith(loadConfig(Object.fromEntries(everyKind)).retention);
    const run = await off.retention.run();
    // alert e-mails' window claims are not a setting: they only guard windows of hours
    expect(run.tables).toEqual({ alert_mail_log: { deleted: 0, batches: 1 } });
    expect(run.complete).toBe(true);
    const spent = await retentionWith().retention.run(0);
    expect(spent.complete).toBe(false);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM login_failures WHERE email = 'off@example.com'`,
      ),
    ).toBe(1);
  });
});

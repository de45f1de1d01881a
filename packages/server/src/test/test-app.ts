import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import type { DeviceAreaOptions } from '../areas/devices/device-area';
import type { NetworkAreaOptions } from '../areas/network/network-area';
import { type Config, loadConfig } from '../config';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/database';
import { migrate } from '../infra/db/migrate';
import { type PasswordHasher, createArgon2Hasher } from '../infra/passwords';

export const TEST_ORIGIN = 'http://console.test';

/** A clock tests move by hand. */
export class TestClock implements Clock {
  constructor(private t = Date.parse('2024-05-01T12:00:00Z')) {}
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/** The real argon2 adapter, counting how often it hashes and verifies. */
export class CountingHasher implements PasswordHasher {
  hashes = 0;
  verifies = 0;
  private readonly inner = createArgon2Hasher();
  hash(password: string): Promise<string> {
    this.hashes++;
    return this.inner.hash(password);
  }
  verify(passwordHash: string, password: string): Promise<boolean> {
    this.verifies++;
    return this.inner.verify(passwordHash, password);
  }
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: TEST_ORIGIN,
    // the database is passed in; nothing is written here
    DATA_DIR: join(tmpdir(), 'powerdeck-test-unused'),
    WEB_DIST: join(tmpdir(), 'powerdeck-no-web-dist'),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  clock: TestClock;
  passwords: CountingHasher;
}

/** Migrates the database and builds the app around it, with a test clock and counting hasher. */
export async function startTestApp(
  database: Database,
  options: {
    env?: Record<string, string>;
    clock?: TestClock;
    devices?: DeviceAreaOptions;
    network?: NetworkAreaOptions;
  } = {},
): Promise<TestApp> {
  await migrate(database);
  const config = testConfig(options.env);
  const clock = options.clock ?? new TestClock();
  const passwords = new CountingHasher();
  const app = await buildApp({
    config,
    db: database,
    clock,
    passwords,
    checkAnswers: true,
    ...(options.devices ? { devices: options.devices } : {}),
    ...(options.network ? { network: options.network } : {}),
  });
  await app.ready();
  return { app, config, clock, passwords };
}

/** The cookie header that sends back what a response set (as a browser would). */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export const path = (area: string, svc: string, query = '') =>
  `/data-svc/${area}/data-svc.php?svc=${svc}${query ? `&${query}` : ''}`;

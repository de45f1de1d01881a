import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../demo/demo-data';
import { seedDemo } from '../demo/seed';
import type { OpenedTestDatabase, TestDatabase } from './databases';
import { type TestApp, cookieHeader, startTestApp } from './test-app';

export const DEMO_ROLES = ['owner', 'admin', 'installer', 'client', 'support'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

export interface DemoApp {
  t: TestApp;
  opened: OpenedTestDatabase;
  cookie(role: DemoRole): string;
  call(
    role: DemoRole | null,
    area: string,
    svc: string,
    options?: {
      method?: 'GET' | 'POST';
      query?: Record<string, string>;
      form?: Record<string, string>;
      json?: unknown;
    },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A seeded demo app with every demo role signed in, and a call helper by area and svc. */
export async function startDemoApp(testDb: TestDatabase): Promise<DemoApp> {
  const opened = await testDb.open();
  const t = await startTestApp(opened.database);
  await seedDemo({
    database: opened.database,
    passwords: t.passwords,
    clock: t.clock,
    enabled: true,
  });
  const cookies = new Map<string, string>();
  for (const role of DEMO_ROLES) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/data-svc/auth/data-svc.php?svc=login',
      payload: { email: `${role}@example.com`, password: DEMO_PASSWORD },
    });
    cookies.set(role, cookieHeader(response));
  }
  return {
    t,
    opened,
    cookie: (role) => cookies.get(role) ?? '',
    call(role, area, svc, options = {}) {
      const query = new URLSearchParams({ svc, ...options.query });
      const headers: Record<string, string> = role ? { cookie: cookies.get(role) ?? '' } : {};
      let payload: string | undefined;
      if (options.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(options.form).toString();
      } else if (options.json !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(options.json);
      }
      return t.app.inject({
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        url: `/data-svc/${area}/dataSvc.php?${query.toString()}`,
        headers,
        payload,
      });
    },
    async close() {
      await t.app.close();
      await opened.dispose();
    },
  };
}

import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { seedDemo } from '../demo/seed';
import { permissions } from '../infra/db/schema';
import type { OpenedTestDatabase, TestDatabase } from './databases';
import { signInDemoUsers } from './sign-in-demo-users';
import { type TestApp, startTestApp } from './test-app';

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
  /** The user id of a demo role (from its session). */
  userId(role: DemoRole): Promise<string>;
  /** The locations a demo role holds a level at. */
  siteIdsOf(role: DemoRole): Promise<string[]>;
  close(): Promise<void>;
}

export interface SeededApp {
  t: TestApp;
  opened: OpenedTestDatabase;
}

/** A test app on a freshly opened database seeded with the demo data; nobody signed in yet. */
export async function startSeededApp(
  testDb: TestDatabase,
  options: Parameters<typeof startTestApp>[1] = {},
): Promise<SeededApp> {
  const opened = await testDb.open();
  const t = await startTestApp(opened.database, options);
  await seedDemo({
    database: opened.database,
    passwords: t.passwords,
    clock: t.clock,
    enabled: true,
    energyHistory: false,
  });
  return { t, opened };
}

/** Closes what startSeededApp opened. */
export async function stopSeededApp({ t, opened }: SeededApp): Promise<void> {
  await t.app.close();
  await opened.dispose();
}

/** A seeded demo app with every demo role signed in, and a call helper by area and svc. */
export async function startDemoApp(
  testDb: TestDatabase,
  options: Parameters<typeof startTestApp>[1] = {},
): Promise<DemoApp> {
  const { t, opened } = await startSeededApp(testDb, options);
  const cookies = await signInDemoUsers(t.app, DEMO_ROLES);
  const userId = async (role: DemoRole) => {
    const response = await t.app.inject({
      url: '/data-svc/auth/data-svc.php?svc=session',
      headers: { cookie: cookies.get(role) ?? '' },
    });
    return response.json<{ user: { userId: string } }>().user.userId;
  };
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
    userId,
    async siteIdsOf(role) {
      const id = await userId(role);
      const rows = await opened.database.db
        .select({ siteId: permissions.siteId })
        .from(permissions)
        .where(eq(permissions.userId, id));
      return rows.map((r) => r.siteId);
    },
    close: () => stopSeededApp({ t, opened }),
  };
}

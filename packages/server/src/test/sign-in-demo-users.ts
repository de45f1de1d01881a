import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../demo/demo-data';
import { cookieHeader, path } from './test-app';

/** Signs the demo users in and returns each one's cookie header, by user key. */
export async function signInDemoUsers(
  app: FastifyInstance,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  for (const who of keys) {
    const response = await app.inject({
      method: 'POST',
      url: path('auth', 'login'),
      payload: { email: `${who}@example.com`, password: DEMO_PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${who}: ${response.body}`);
    cookies.set(who, cookieHeader(response));
  }
  return cookies;
}

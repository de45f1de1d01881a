import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedTestDatabase, testDatabases } from '../test/databases';
import { type DemoApp, startDemoApp } from '../test/demo-sessions';
import { SessionMint } from '../test/session-mint';
import { type TestApp, TEST_ORIGIN, path, startTestApp } from '../test/test-app';

const BIG_ASSET = `export const lines = [\n${'  "a line of the console",\n'.repeat(200)}];\n`;

function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'powerdeck-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Powerdeck</title><div id="root"></div>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // what the build writes next to each larger asset (vite.config.ts)
  writeFileSync(join(dir, 'assets', 'app-def456.js'), BIG_ASSET);
  writeFileSync(join(dir, 'assets', 'app-def456.js.br'), brotliCompressSync(BIG_ASSET));
  writeFileSync(join(dir, 'assets', 'app-def456.js.gz'), gzipSync(BIG_ASSET));
  return dir;
}

describe.each(testDatabases())('HTTP conventions on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    opened = await testDb.open();
    t = await startTestApp(opened.database, { env: { WEB_DIST: fakeWebDist() } });
  });
  afterAll(async () => {
    await t.app.close();
    await opened.dispose();
  });

  it('an unknown /data-svc/ path is a JSON 404, never the console page', async () => {
    for (const url of [
      '/data-svc/nothing/dataSvc.php?svc=x',
      '/data-svc/locations/other.php?svc=getSitesData',
      '/data-svc/locations/dataSvc.php?svc=noSuchCall',
      '/data-svc/locations/dataSvc.php',
    ]) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: 'Not found' });
    }
  });

  it('both script names of the spec reach the same call', async () => {
    for (const script of ['dataSvc.php', 'data-svc.php']) {
      const response = await t.app.inject({ url: `/data-svc/config/${script}?svc=public` });
      expect(response.statusCode).toBe(200);
    }
  });

  it('a signed-in call without a session is 401', async () => {
    const response = await t.app.inject({
      url: path('locations', 'getSitesData', 'pageNo=1&recordsPerPage=12'),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Please sign in.' });
  });

  it('the wrong method is 405, and broken JSON is 400, not 500', async () => {
    const wrongMethod = await t.app.inject({ url: path('auth', 'login') });
    expect(wrongMethod.statusCode).toBe(405);
    const broken = await t.app.inject({
      method: 'POST',
      url: path('auth', 'login'),
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('error');
  });

  it('answers carry the security headers', async () => {
    const response = await t.app.inject({ url: '/login', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('a cross-site request to /data-svc/ is refused with 403', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: path('auth', 'logout'),
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'Cross-site requests are not allowed.' });
    const marked = await t.app.inject({
      url: path('config', 'public'),
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(marked.statusCode).toBe(403);
  });

  it('the console itself may call /data-svc/ (public origin or its own host)', async () => {
    const publicOrigin = await t.app.inject({
      url: path('config', 'public'),
      headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
    });
    expect(publicOrigin.statusCode).toBe(200);
    const ownHost = await t.app.inject({
      url: path('config', 'public'),
      headers: { origin: 'http://127.0.0.1:8123', host: '127.0.0.1:8123' },
    });
    expect(ownHost.statusCode).toBe(200);
  });

  it('any other page GET gets the console, revalidated; hashed assets are cached for a year', async () => {
    const page = await t.app.inject({
      url: '/locations/list',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missingAsset = await t.app.inject({ url: '/assets/gone.js' });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('a built asset goes compressed to a browser that accepts brotli or gzip, still cached for a year', async () => {
    const plain = await t.app.inject({ url: '/assets/app-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.body).toBe(BIG_ASSET);

    const brotli = await t.app.inject({
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe(plain.headers['content-type']);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_ASSET);

    const gzipped = await t.app.inject({
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe(plain.headers['content-type']);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(BIG_ASSET);

    const page = await t.app.inject({
      url: '/locations/list',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('the root path / serves the console, which sends a visitor on to /login', async () => {
    const root = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
  });
});

describe.each(testDatabases())('without a built console on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    opened = await testDb.open();
    t = await startTestApp(opened.database);
  });
  afterAll(async () => {
    await t.app.close();
    await opened.dispose();
  });

  it('pages answer 503 saying to run the build, while the API still works', async () => {
    const page = await t.app.inject({ url: '/login', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    expect((await t.app.inject({ url: path('config', 'public') })).statusCode).toBe(200);
  });
});

describe.each(testDatabases())('malformed input on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    opened = await testDb.open();
    t = await startTestApp(opened.database);
    cookie = (await new SessionMint(opened.database, t.clock).throwawayUser()).cookie;
  });
  afterAll(async () => {
    await t.app.close();
    await opened.dispose();
  });

  const nulRefused = (field: string) => {
    const message = `${field} must not contain a NUL character`;
    return { error: message, fields: { [field]: message } };
  };

  it('a NUL character in a query field is a 400 naming the field, not a 500', async () => {
    const response = await t.app.inject({
      url: path('locations', 'getDeviceCount', 'siteId=site%00one'),
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(nulRefused('siteId'));
  });

  it('a NUL character in a form or JSON body, at any depth, is a 400 naming the field', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: path('siteManagement', 'createNote'),
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'siteId=abc&note=hello%00there',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual(nulRefused('note'));
    const json = await t.app.inject({
      method: 'POST',
      url: path('clientLocation', 'addLocationAndClient'),
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ location: { name: 'Lobby\u0000', timezone: '-8.00' } }),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual(nulRefused('location.name'));
  });

  it('a NUL character is refused on the routes outside the data-svc dispatcher too', async () => {
    for (const [url, field] of [
      ['/data-svc/settingsManagement/devGet.php?devId=ABCDEF12&devClass=m4315%00', 'devClass'],
      ['/data-svc/bb232/sequencers.php?req=redraw&devId=ABCDEF12&value=%00', 'value'],
      ['/data-svc/eventPuller/getEvents.php?devId=ABCDEF12&clientId=0&batch=%00', 'batch'],
      ['/data-svc/eventPuller/alertsPusher.php?lastEventId=1%00', 'lastEventId'],
    ] as const) {
      const response = await t.app.inject({ url, headers: { cookie } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(nulRefused(field));
    }
  });

  it('a multipart body without a boundary is a 400, not a 500', async () => {
    const message = 'A multipart/form-data body needs a boundary.';
    for (const type of ['multipart/form-data', 'multipart/form-data; charset=utf-8']) {
      const response = await t.app.inject({
        method: 'POST',
        url: path('images', 'uploadPicture'),
        headers: { cookie, 'content-type': type },
        payload: 'fileToUpload=x',
      });
      expect(response.statusCode, type).toBe(400);
      expect(response.json(), type).toEqual({
        error: message,
        fields: { 'content-type': message },
      });
    }
  });

  it("Fastify's own client errors stay 4xx: bad encoding, size, content type, JSON", async () => {
    const login = path('auth', 'login');
    const cases = [
      { url: `${path('config', 'public')}&x=%E0%A4%A`, status: 200 },
      { url: '/data-svc/config/data-svc.php%zz?svc=public', status: 400 },
      { url: '/locations/%E0%A4%A', status: 400 },
      {
        method: 'POST' as const,
        url: login,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) }),
        status: 413,
      },
      {
        method: 'POST' as const,
        url: login,
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
        status: 415,
      },
      {
        method: 'POST' as const,
        url: login,
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"admin":true}}',
        status: 400,
      },
    ];
    for (const { status, ...request } of cases) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(status);
      const body = response.json<Record<string, unknown>>();
      expect(body, request.url).toHaveProperty(status === 200 ? 'brand' : 'error');
      if (status !== 200) expect(Object.keys(body), request.url).toEqual(['error']);
    }
  });
});

describe.each(testDatabases())("the spec's call shape: svc in the body on $name", (testDb) => {
  let demo: DemoApp;
  let device: { siteId: string; devId: string; devClass: string };
  beforeAll(async () => {
    demo = await startDemoApp(testDb);
    const [row] = await demo.opened.database.rawTransaction((tx) =>
      tx.query<{ site_id: string; dev_id: string; dev_class: string }>(
        `SELECT l.id AS site_id, d.dev_id, d.dev_class
           FROM locations l JOIN devices d ON d.site_id = l.id AND d.parent_dev_id IS NULL
          WHERE l.name = 'Harbor View Lobby' ORDER BY d.dev_id LIMIT 1`,
      ),
    );
    if (!row) throw new Error('the demo has no device at Harbor View Lobby');
    device = { siteId: row.site_id, devId: row.dev_id, devClass: row.dev_class };
  });
  afterAll(async () => {
    await demo.close();
  });

  it('a form-encoded control POST with svc among the fields reaches its call (CLIENT: 403)', async () => {
    const response = await demo.t.app.inject({
      method: 'POST',
      url: `/data-svc/${device.devClass}.deviceControls/data-svc.php`,
      headers: {
        cookie: demo.cookie('client'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ svc: 'rename', ...device, name: 'Renamed' }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'You do not have permission to rename this device.',
    });
  });

  it('svc in a JSON body is read too, and svc in the query wins over the body', async () => {
    const json = await demo.t.app.inject({
      method: 'POST',
      url: '/data-svc/userDetails/data-svc.php',
      headers: { cookie: demo.cookie('admin'), 'content-type': 'application/json' },
      payload: JSON.stringify({ svc: 'userDetails' }),
    });
    expect(json.statusCode).toBe(405);
    const both = await demo.t.app.inject({
      method: 'POST',
      url: path('auth', 'logout'),
      headers: { cookie: demo.cookie('admin'), 'content-type': 'application/json' },
      payload: JSON.stringify({ svc: 'session' }),
    });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual({ ok: true });
  });
});

describe.each(testDatabases())('rate limits with svc in the body on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    opened = await testDb.open();
    t = await startTestApp(opened.database, { env: { SIGNIN_RATE_LIMIT: '2' } });
  });
  afterAll(async () => {
    await t.app.close();
    await opened.dispose();
  });

  it('sign-ins posted with svc in the form body count against the same limit', async () => {
    const attempt = (n: number, svcInBody: boolean) =>
      t.app.inject({
        method: 'POST',
        url: svcInBody ? '/data-svc/auth/data-svc.php' : path('auth', 'login'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          ...(svcInBody ? { svc: 'login' } : {}),
          email: `nobody-${n}@example.com`,
          password: 'wrong password',
        }).toString(),
      });
    expect((await attempt(1, true)).statusCode).toBe(401);
    expect((await attempt(2, true)).statusCode).toBe(401);
    const limited = await attempt(3, true);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await attempt(4, false)).statusCode).toBe(429);
  });
});

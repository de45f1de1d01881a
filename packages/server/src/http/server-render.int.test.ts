import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../infra/db/schema';
import { testDatabases } from '../test/databases';
import { type DemoApp, type DemoRole, startDemoApp } from '../test/demo-sessions';

// The console as `npm run build` writes it, with its render thread (npm test builds it first).
const webDist = join(import.meta.dirname, '..', '..', '..', 'web', 'dist');
const EMPTY_ROOT = '<div id="root"></div>';

describe.each(testDatabases())('the server render of console pages on $name', (testDb) => {
  let demo: DemoApp;
  beforeAll(async () => {
    if (!existsSync(join(webDist, '.ssr', 'render-worker.js'))) {
      throw new Error(`${webDist} has no render thread: run \`npm run build\` first`);
    }
    demo = await startDemoApp(testDb, { env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await demo.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    demo.t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const pageAs = (role: DemoRole, url: string) => page(url, { cookie: demo.cookie(role) });
  const namesSeenBy = async (role: DemoRole) => {
    const answer = await demo.call(role, 'locations', 'getSitesData', {
      query: { pageNo: '1', recordsPerPage: '100' },
    });
    return answer.json<{ records: { name: string }[] }>().records.map((site) => site.name);
  };
  /** The #root the page came with, and the state beside it. */
  const rootOf = (html: string) => {
    const start = html.indexOf('<div id="root"');
    const state = html.indexOf('<script type="application/json" id="pd-server-render">');
    return html.slice(start, state < 0 ? html.indexOf('</body>') : state);
  };

  it('a signed-in fresh load of the locations list comes with its locations, inert until the console takes over, never cached', async () => {
    const [first] = await namesSeenBy('admin');
    const response = await pageAs('admin', '/locations/list');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain('<div id="root" inert>');
    expect(rootOf(response.body).includes('All Locations')).toBe(true);
    expect(rootOf(response.body).includes(first ?? '?')).toBe(true);
    // the data the page showed, for the console to start from (not asked again)
    const state = /<script type="application\/json" id="pd-server-render">(.*?)<\/script>/s.exec(
      response.body,
    );
    const parsed = JSON.parse(state?.[1] ?? 'null') as {
      user: { email: string };
      queries: { queries: { queryKey: unknown[] }[] };
    };
    expect(parsed.user.email).toBe('admin@example.com');
    expect(parsed.queries.queries.map((query) => query.queryKey[0])).toContain('locations');
    // and the stylesheets it is painted with, before any script has run
    expect(response.body).toMatch(
      /<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/,
    );
  });

  it('an address the console redirects (/locations) comes rendered as the page it lands on, which the console moves the address to', async () => {
    const [first] = await namesSeenBy('admin');
    const response = await pageAs('admin', '/locations');
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body).includes('All Locations')).toBe(true);
    expect(rootOf(response.body).includes(first ?? '?')).toBe(true);
    expect(response.body).toContain('"path":"/locations/list"');
    // a page rendered where it was asked says nothing of a path
    expect((await pageAs('admin', '/locations/list')).body).not.toContain('"path":');
  });

  it('a page shows only what its visitor may see: the client does not see the locations only the admin holds', async () => {
    const clientSees = new Set(await namesSeenBy('client'));
    const adminOnly = (await namesSeenBy('admin')).filter((name) => !clientSees.has(name));
    expect(adminOnly.length).toBeGreaterThan(0);
    expect(clientSees.size).toBeGreaterThan(0);
    const html = (await pageAs('client', '/locations/list')).body;
    for (const name of clientSees) expect(rootOf(html).includes(name), name).toBe(true);
    for (const name of adminOnly) expect(html.includes(name), name).toBe(false);
  });

  it('nobody signed in, a session that is not valid, a page outside the signed-in console: index.html as built, for the browser to render', async () => {
    const signedOut = await page('/locations/list');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toContain(EMPTY_ROOT);
    expect(signedOut.headers['cache-control']).toBe('no-cache');

    const forged = await page('/locations/list', { cookie: 'pd_session=not-a-session' });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toContain(EMPTY_ROOT);
    expect(forged.body).not.toContain('pd-server-render');

    const publicPage = await pageAs('admin', '/forgot-password');
    expect(publicPage.body).toContain(EMPTY_ROOT);
    expect(publicPage.body).not.toContain('pd-server-render');
  });

  it('a name that looks like markup is text in the page and in its state, never markup', async () => {
    const [first = ''] = await namesSeenBy('admin');
    const [site] = await demo.opened.database.db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.name, first));
    if (!site) throw new Error('the admin sees no location');
    const hostile = '</script><script>alert(1)</script><b>x</b>';
    await demo.opened.database.db
      .update(locations)
      .set({ name: hostile })
      .where(eq(locations.id, site.id));
    try {
      const html = (await pageAs('admin', '/locations/list')).body;
      // (booleans: a failure would print the whole page)
      expect(/&lt;\/script(&gt;|>)&lt;script(&gt;|>)alert\(1\)/.test(rootOf(html))).toBe(true);
      expect(html.includes('<script>alert(1)')).toBe(false);
      expect(html.includes('<b>x</b>')).toBe(false);
      // one script element of data, whose end is the page's own
      expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script\b/g)?.length);
    } finally {
      await demo.opened.database.db
        .update(locations)
        .set({ name: site.name })
        .where(eq(locations.id, site.id));
    }
  });

  it('the page is compressed as the browser accepts (brotli, else gzip)', async () => {
    const [first] = await namesSeenBy('admin');
    const brotli = await page('/locations/list', {
      cookie: demo.cookie('admin'),
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain(first);
    const gzip = await page('/locations/list', {
      cookie: demo.cookie('admin'),
      'accept-encoding': 'gzip',
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain(first);
  });
});

import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser, newContext, signIn } from './support/browser';

/**
 * Issue 18 items 7 and 9: every route of the route table (spec §2), as each role, in the light
 * and the dark colour scheme, has no serious or critical axe-core (WCAG 2 A/AA) violation and
 * logs no console error. One page per role, signed in once; axe-core is injected by an init
 * script (CDP, so the console's CSP stays as it is and its violations would show as errors).
 * Routes a role may not open are checked as what that role sees (403 / No Permission).
 */

const ROLES = ['owner', 'admin', 'installer', 'client', 'support'] as const;
type Scheme = 'light' | 'dark';
const SCHEMES: readonly Scheme[] = ['light', 'dark'];

interface Finding {
  role: string;
  route: string;
  scheme: Scheme | '-';
  rule: string;
  target: string;
  detail?: string;
}

/** What one role can open, read through the console's own API calls as that role. */
interface RoleIds {
  siteId?: string;
  device?: { devId: string; devClass: string };
  clientId?: string;
  groupId?: string;
}

async function discoverIds(page: Page): Promise<RoleIds> {
  return page.evaluate(async () => {
    const get = async (url: string): Promise<unknown> => {
      const response = await fetch(url);
      return response.ok ? response.json() : null;
    };
    type Records<T> = { records?: T[] } | null;
    const sites = (await get(
      '/data-svc/locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=1000',
    )) as Records<{ siteId: string }>;
    const ids: {
      siteId?: string;
      device?: { devId: string; devClass: string };
      clientId?: string;
      groupId?: string;
    } = {};
    for (const site of sites?.records ?? []) {
      ids.siteId ??= site.siteId;
      const list = (await get(
        `/data-svc/locations/dataSvc.php?svc=getDevices&siteId=${site.siteId}&pageNo=1&recordsPerPage=10000&detailed=true`,
      )) as Records<{ devId: string; devClass: string; parentDevId?: string | null }>;
      const device = list?.records?.find(
        (d) => (d.devClass === 'cv2' || d.devClass === 'bb232') && !d.parentDevId,
      );
      if (device) {
        ids.siteId = site.siteId;
        ids.device = { devId: device.devId, devClass: device.devClass };
        break;
      }
    }
    const clients = (await get(
      '/data-svc/clients/data-svc.php?svc=getClients&pageNo=1&recordsPerPage=1',
    )) as Records<{ id: string }>;
    ids.clientId = clients?.records?.[0]?.id;
    const groups = (await get(
      '/data-svc/groups/dataSvc.php?svc=listGroupsForUser&pageNo=1&recordsPerPage=1',
    )) as Records<{ id: string }>;
    ids.groupId = groups?.records?.[0]?.id;
    return ids;
  });
}

/** A route to check, and how to reach a state the URL alone does not give. */
interface Route {
  path: string;
  label?: string;
  after?: (page: Page) => Promise<void>;
}

function signedInRoutes(ids: RoleIds): Route[] {
  const routes: Route[] = [
    { path: '/locations/list', label: '/locations/list (cards)' },
    {
      path: '/locations/list',
      label: '/locations/list (table)',
      after: async (page) => {
        // by keyboard, as the toggle must be operable that way
        await page.getByRole('radio', { name: 'Card view' }).focus();
        await page.keyboard.press('ArrowRight');
        await page.locator('main table').first().waitFor();
      },
    },
    { path: '/watchlist' },
  ];
  if (ids.siteId) {
    const site = `/locations/${encodeURIComponent(ids.siteId)}`;
    for (const tab of ['devices', 'outlets', 'settings', 'network', 'commands', 'events', 'notes'])
      routes.push({ path: `${site}/${tab}` });
    if (ids.device) {
      const device = `${site}/devices/${ids.device.devId}/${ids.device.devClass}`;
      for (const section of ['controls', 'usage', 'commands', 'alerts'])
        routes.push({ path: `${device}/${section}` });
      for (const admin of ['settings', 'status', 'events', 'firmware', 'delete', 'discover'])
        routes.push({ path: `${device}/admin/${admin}` });
    }
  }
  routes.push({ path: '/clients' });
  if (ids.clientId) {
    routes.push({ path: `/clients/${encodeURIComponent(ids.clientId)}/settings` });
    routes.push({ path: `/clients/${encodeURIComponent(ids.clientId)}/contact` });
  }
  routes.push({ path: '/admin' });
  if (ids.groupId) routes.push({ path: `/admin/groups/${encodeURIComponent(ids.groupId)}` });
  for (const section of [
    'accountDetails',
    'changePassword',
    'changeEmail',
    'alerts',
    'deleteAccount',
  ])
    routes.push({ path: `/profile/${section}` });
  routes.push({ path: '/helpAndSupport' }, { path: '/helpAndSupport/devices/cv2' });
  routes.push({ path: '/system-status' }, { path: '/outbox' });
  return routes;
}

const PUBLIC_ROUTES: Route[] = [
  { path: '/login' },
  { path: '/signup' },
  { path: '/forgot-password' },
  { path: '/mobile-banner' },
];

/**
 * The page's content is there: the route's chunk and data have arrived (a heading or the main
 * region's text is shown, and no loader or skeleton is left on screen).
 */
async function waitForContent(page: Page) {
  await page.waitForFunction(
    () => {
      const visible = (el: Element) => {
        const box = (el as HTMLElement).getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      };
      // a heading, or (pages under a device's tabs have none of their own) the main region's text
      const main = document.querySelector('main');
      const heading =
        [...document.querySelectorAll('h1, h2')].some(visible) ||
        (main !== null && (main.textContent ?? '').trim().length > 80);
      const busy = [
        ...document.querySelectorAll(
          '.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]',
        ),
      ].some(visible);
      return heading && !busy;
    },
    undefined,
    { timeout: 15_000, polling: 'raf' },
  );
}

const NAVIGATING = 'navigating (accessibility check)';

/**
 * Opens `path` as a click on a link of the console would: the router renders it in the page that
 * is already loaded (reloading the whole app for each of ~150 route checks took half of this
 * file's time). Done when the route has rendered: every navigation sets the tab's title
 * (DocumentTitleDefault), which replaces the placeholder set here. The first page, and a path the
 * page is already at, are loaded in full. (Each public page is a page of its own: loaded in full.)
 */
async function openInApp(page: Page, path: string) {
  const at = new URL(page.url());
  if (at.protocol === 'about:' || at.pathname === path) {
    await page.goto(path);
    return;
  }
  await page.evaluate(
    ([to, placeholder]) => {
      document.title = placeholder;
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    },
    [path, NAVIGATING] as const,
  );
  await page.waitForFunction((placeholder) => document.title !== placeholder, NAVIGATING, {
    timeout: 15_000,
    polling: 'raf',
  });
}

/**
 * axe's WCAG 2 A and AA rules in the light scheme; in the dark one only the rules whose outcome
 * depends on colours (the structure, names and roles are the same in both), to keep the run short.
 */
async function runAxe(page: Page, scheme: Scheme): Promise<axe.Result[]> {
  const runOnly: axe.RunOptions['runOnly'] =
    scheme === 'light'
      ? { type: 'tag', values: ['wcag2a', 'wcag2aa'] }
      : { type: 'rule', values: ['color-contrast', 'link-in-text-block'] };
  const violations = await page.evaluate(async (only) => {
    const result = await window.axe.run(document, { runOnly: only, resultTypes: ['violations'] });
    return result.violations;
  }, runOnly);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Switches the system colour scheme and waits until the page has taken it on, with the colour
 * fades it started taken to their end: axe reads the colours the page settles on, and waiting for
 * them (the header's menu button fades for 300 ms) was over a third of this file's time.
 */
async function setScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (want) => document.documentElement.getAttribute('data-mantine-color-scheme') === want,
    scheme,
    { polling: 'raf', timeout: 5_000 },
  );
  // loaders spin forever: those have no end to go to
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
    }
  });
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

describe.skipIf(!hasBrowser())(
  'accessibility and console hygiene of every route (issue 18)',
  () => {
    let browser: Browser;
    const findings: Finding[] = [];

    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    /** One context and page for a role: axe is injected into every document it loads. */
    async function rolePage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
      const context = await newContext(browser);
      await context.addInitScript({ content: axe.source });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      return { context, page, errors };
    }

    async function check(
      page: Page,
      errors: string[],
      role: string,
      route: Route,
      navigate: (page: Page, path: string) => Promise<unknown> = openInApp,
    ) {
      const label = route.label ?? route.path;
      await page.emulateMedia({ colorScheme: 'light' });
      try {
        await navigate(page, route.path);
        await waitForContent(page);
      } catch (error) {
        // reported with the route, and the page is still checked as it stands
        findings.push({
          role,
          route: label,
          scheme: '-',
          rule: 'never loaded',
          target: String(error),
        });
      }
      await route.after?.(page);
      for (const scheme of SCHEMES) {
        try {
          await setScheme(page, scheme);
        } catch (error) {
          const at = page.url();
          findings.push({
            role,
            route: label,
            scheme,
            rule: 'scheme not applied',
            target: `${at}: ${String(error)}`,
          });
          continue;
        }
        for (const violation of await runAxe(page, scheme)) {
          for (const node of violation.nodes) {
            findings.push({
              role,
              route: label,
              scheme,
              rule: `${violation.id} (${violation.impact})`,
              target: node.target.join(' '),
              detail: node.failureSummary?.split('\n').slice(1).join(' ').trim(),
            });
          }
        }
      }
      for (const error of errors.splice(0)) {
        findings.push({ role, route: label, scheme: '-', rule: 'console error', target: error });
      }
    }

    /** One line per route, role, scheme and rule, with the first elements it names. */
    const report = (from: number) => {
      const groups = new Map<string, Finding[]>();
      for (const f of findings.slice(from)) {
        const key = `${f.role} ${f.route} [${f.scheme}] ${f.rule}`;
        groups.set(key, [...(groups.get(key) ?? []), f]);
      }
      return [...groups]
        .map(([key, list]) => {
          const shown = list
            .slice(0, 3)
            .map((f) => `    ${f.target}${f.detail ? ` — ${f.detail}` : ''}`);
          const more = list.length > 3 ? [`    …and ${list.length - 3} more`] : [];
          return [`${key} (${list.length})`, ...shown, ...more].join('\n');
        })
        .join('\n');
    };

    it.each(ROLES)(
      'every signed-in route as %s, light and dark',
      async (role) => {
        const before = findings.length;
        const { context, page, errors } = await rolePage();
        try {
          await signIn(page, `${role}@example.com`);
          await page.waitForURL('**/locations/list');
          const ids = await discoverIds(page);
          for (const route of signedInRoutes(ids)) await check(page, errors, role, route);
        } finally {
          await context.close();
        }
        expect(findings.length - before, report(before)).toBe(0);
      },
      240_000,
    );

    it('the public pages, light and dark', async () => {
      const before = findings.length;
      const { context, page, errors } = await rolePage();
      try {
        for (const route of PUBLIC_ROUTES)
          await check(page, errors, 'visitor', route, (p, path) => p.goto(path));
      } finally {
        await context.close();
      }
      expect(findings.length - before, report(before)).toBe(0);
    });

    it('the header toggle switches the colour scheme and the choice is remembered over the system one', async () => {
      const { context, page } = await rolePage();
      try {
        await page.emulateMedia({ colorScheme: 'light' });
        await signIn(page, 'owner@example.com');
        await page.waitForURL('**/locations/list');
        const scheme = () =>
          page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
        expect(await scheme()).toBe('light');
        await page.getByRole('button', { name: 'Switch to dark mode' }).click();
        await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
        expect(await scheme()).toBe('dark');
        await page.goto('/watchlist');
        await waitForContent(page);
        expect(await scheme()).toBe('dark');
        await page.getByRole('button', { name: 'Switch to light mode' }).click();
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.goto('/watchlist');
        await waitForContent(page);
        expect(await scheme()).toBe('light');
      } finally {
        await context.close();
      }
    });
  },
);

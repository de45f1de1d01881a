import type { DeviceList, SitesPage } from '@powerdeck/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, saveScreenshot, useBrowserPage } from './support/browser';

/** A tablet (issue 18: every screen works at 768 px with nothing cut off). */
const TABLET = 768;

/** How far the page scrolls sideways: 0 when nothing sticks out of the viewport. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Whether an element's right edge is inside the viewport (not cut off, not scrolled away). */
async function insideViewport(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  const width = await page.evaluate(() => window.innerWidth);
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

describe.skipIf(!hasBrowser())('a tablet at 768 px', () => {
  const ui = useBrowserPage('narrow', { width: TABLET });

  it('the locations table keeps its Actions column on screen', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    await page.locator('[aria-label="List view"]').click({ force: true });
    const actions = page.getByRole('columnheader', { name: 'Actions' });
    await actions.waitFor();
    expect(await insideViewport(page, actions)).toBe(true);
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const row of (await rows.all()).slice(0, 5)) {
      expect(await insideViewport(page, row.locator('td').last())).toBe(true);
    }
    expect(await sidewaysOverflow(page)).toBe(0);
    await saveScreenshot(page, 'narrow-locations-table');
  });

  it('a location’s tabs and pages and a device’s pages do not overflow sideways', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const sites = await page.request.get(
      '/data-svc/locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=50',
    );
    const sitesPage = (await sites.json()) as SitesPage;
    const site = sitesPage.records[0];
    expect(site).toBeDefined();
    if (!site) return;
    const listed = await page.request.get(
      `/data-svc/locations/dataSvc.php?svc=getDevices&siteId=${site.siteId}&pageNo=1&recordsPerPage=100`,
    );
    const device = ((await listed.json()) as DeviceList).records.find((d) => !d.parentDevId);
    const location = `/locations/${site.siteId}`;
    await page.goto(`${location}/devices`);
    const tabs = page.getByRole('tablist', { name: 'Location pages' }).getByRole('tab');
    await tabs.first().waitFor();
    for (const tab of await tabs.all()) expect(await insideViewport(page, tab)).toBe(true);

    const paths = ['devices', 'outlets', 'settings', 'network', 'commands', 'events'].map(
      (tab) => `${location}/${tab}`,
    );
    if (device) {
      const at = `${location}/devices/${device.devId}/${device.devClass}`;
      paths.push(...['controls', 'usage', 'commands', 'alerts', 'admin'].map((p) => `${at}/${p}`));
    }
    paths.push('/watchlist', '/clients', '/admin', '/profile/alerts', '/helpAndSupport');
    // the location with the demo's schedules, whose table is the widest
    for (const other of sitesPage.records.filter((s) => s.name.includes('Harbor View Lobby'))) {
      paths.push(`/locations/${other.siteId}/commands`);
    }
    const overflowing: string[] = [];
    for (const path of paths) {
      // loaded: the page's calls answered and nothing more on its way
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('main').first().waitFor();
      if ((await sidewaysOverflow(page)) > 0) overflowing.push(path);
      // a wide table may scroll inside its frame, but its last column (the Actions) stays in view
      for (const last of await page.locator('thead th:last-child').all()) {
        if (!(await insideViewport(page, last)))
          overflowing.push(`${path}: ${await last.innerText()}`);
      }
    }
    expect(overflowing).toEqual([]);
  });
});

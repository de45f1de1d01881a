import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserPage } from './support/browser';

const REFUSED = 'System Status is for SUPPORT users and location owners.';

/** Issue 19 items 6 and 8: System Status, live for SUPPORT, refused to CLIENT. */
describe.skipIf(!hasBrowser())('System Status', () => {
  const ui = useBrowserPage('system-status');

  it('as SUPPORT shows live figures of this server, database and broker', async () => {
    const { page } = ui;
    await ui.signInAs('support');
    await page.goto('/system-status');
    const self = page.getByTestId('server-row').filter({ hasText: 'this one' });
    await self.getByText('Running').waitFor();
    const database = page.getByRole('region', { name: 'Database' });
    await database.getByText('PGlite').waitFor();
    await database.getByText('Up', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Broker' }).getByText('Up', { exact: true }).waitFor();
    await page
      .getByRole('img', { name: 'Status messages per second over the last 15 minutes' })
      .waitFor();

    // live: the page asks again by itself, and this server's uptime moves on
    const uptime = await self.getByTestId('server-uptime').elementHandle();
    const first = await uptime?.textContent();
    expect(first).toMatch(/\d+ (s|min|h|d)/);
    await page.waitForFunction(([cell, before]) => cell?.textContent !== before, [uptime, first], {
      timeout: 15_000,
    });
  });

  it('as CLIENT is refused with the no-permission state', async () => {
    const { page } = ui;
    await ui.signInAs('client');
    const answer = page.waitForResponse((r) => r.url().includes('/systemStatus/'));
    await page.goto('/system-status');
    expect((await answer).status()).toBe(403);
    await page.getByText(REFUSED).waitFor();
    expect(await page.getByRole('region', { name: 'Database' }).count()).toBe(0);
  });
});

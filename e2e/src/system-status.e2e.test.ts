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
    // SUPPORT alone sees the mail that did not go out
    await page.getByRole('region', { name: /^Undelivered mail/ }).waitFor();

    // live: the page asks again by itself, and this server's uptime moves on
    const uptime = self.getByTestId('server-uptime');
    const first = await uptime.textContent();
    expect(first).toMatch(/\d+ (s|min|h|d)/);
    await expect.poll(() => uptime.textContent(), { timeout: 15_000 }).not.toBe(first);
  });

  it('as CLIENT is refused with the no-permission state, without a refused call', async () => {
    const { page } = ui;
    await ui.signInAs('client');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/systemStatus/')) asked.push(r.url());
    });
    await page.goto('/system-status');
    await page.getByText(REFUSED).waitFor();
    expect(await page.getByRole('region', { name: 'Database' }).count()).toBe(0);
    expect(asked).toEqual([]);
    // the server refuses it all the same (system-status.int.test.ts has every role)
    const refused = await page.request.get('/data-svc/systemStatus/dataSvc.php?svc=get');
    expect(refused.status()).toBe(403);
  });
});

import {
  type LocationNetwork,
  type SitesPage,
  networkMessages,
  pingStateTexts,
} from '@powerdeck/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, saveScreenshot, useBrowserPage } from './support/browser';
import { MODEM_OUTLET, UNREACHABLE_HOST } from './support/demo-faults';

/** The outlet the auto-reboot cycles (not outlet 1, which other browser tests switch). */
const REBOOTED_OUTLET = 3;

async function siteIdOf(page: Page, name: string): Promise<string> {
  const response = await page.request.get(
    '/data-svc/locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=all',
  );
  const site = ((await response.json()) as SitesPage).records.find((r) => r.name === name);
  if (!site) throw new Error(`no demo location ${name}`);
  return site.siteId;
}

async function deviceNameOf(page: Page, siteId: string, devId: string): Promise<string> {
  const response = await page.request.get(
    `/data-svc/networkManagement/data-svc.php?svc=getNetwork&siteId=${siteId}`,
  );
  const device = ((await response.json()) as LocationNetwork).devices.find(
    (d) => d.devId === devId,
  );
  if (!device) throw new Error(`no demo device ${devId}`);
  return device.devName;
}

describe.skipIf(!hasBrowser())('Network management', () => {
  const ui = useBrowserPage('network');

  it('a ping target whose host stops answering fails, the device cycles the outlet by itself, and the event and alert follow', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const { devId, host } = UNREACHABLE_HOST;
    const siteId = await siteIdOf(page, UNREACHABLE_HOST.location);
    const name = await deviceNameOf(page, siteId, devId);
    try {
      await page.goto(`/locations/${siteId}/network`);
      const card = page.getByRole('region', { name });
      await card.getByRole('button', { name: 'Edit ping targets' }).click();
      const editor = page.getByRole('dialog', { name: `Ping targets of ${name}` });
      await editor.getByRole('button', { name: 'Add a target' }).click();
      await editor.getByLabel('Host').fill(host);
      await editor.getByLabel('Sample window').selectOption('Fast');
      await editor.getByLabel('When it fails').selectOption('cycle');
      await editor.getByLabel('Outlet 1 to cycle').selectOption(String(REBOOTED_OUTLET));
      await editor.getByRole('button', { name: 'Save' }).click();
      await editor.waitFor({ state: 'hidden' });

      // the device takes the new configuration, then judges the silent host over the window
      const row = page.getByTestId(`ping-${devId}-1`);
      await row.getByText(host, { exact: true }).waitFor();
      await row.getByText(pingStateTexts.fail, { exact: true }).waitFor({ timeout: 30_000 });
      await expect.poll(() => card.getByText('Pending').count(), { timeout: 15_000 }).toBe(0);
      await expect
        .poll(async () => Number(await row.getByRole('cell').nth(3).innerText()), {
          timeout: 30_000,
        })
        .toBeGreaterThanOrEqual(1);
      await saveScreenshot(page, 'network-ping-target-failed');

      // the bell shows the auto-reboot, and the location's log says what happened
      await page.getByRole('button', { name: /^Alerts/ }).click();
      const alerts = page.getByRole('list', { name: 'Alerts' });
      await alerts
        .getByText(`Ping target ${host} failed on ${name}.`, { exact: true })
        .first()
        .waitFor({ timeout: 20_000 });
      await alerts
        .getByText(new RegExp(`^Auto-reboot: ${name} cycled outlet ${REBOOTED_OUTLET}\\b`))
        .first()
        .waitFor({ timeout: 20_000 });
      await page.keyboard.press('Escape');

      await page.goto(`/locations/${siteId}/events`);
      await page
        .getByText(`Auto-reboot: outlet ${REBOOTED_OUTLET} cycled (ping target ${host})`)
        .first()
        .waitFor({ timeout: 20_000 });
      await saveScreenshot(page, 'network-auto-reboot-event');
    } finally {
      // no target left behind: the device would keep cycling the outlet
      await page.request.post('/data-svc/networkManagement/data-svc.php?svc=savePingTargets', {
        data: { siteId, devId, targets: [] },
      });
    }
  });

  it('switching off an outlet that feeds the network asks first, naming the consequence', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const { devId, otlt } = MODEM_OUTLET;
    const siteId = await siteIdOf(page, MODEM_OUTLET.location);
    await page.goto(`/locations/${siteId}/devices/${devId}/m4315/controls`);
    const toggle = page.getByRole('switch', { name: `Outlet ${otlt} power` });
    await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(true);
    await toggle.click({ force: true });

    const ask = page.getByRole('dialog', { name: networkMessages.confirmTitle });
    await ask.getByText(networkMessages.cutOff).waitFor();
    await ask.getByRole('button', { name: networkMessages.cycleInstead }).waitFor();
    await saveScreenshot(page, 'network-outlet-off-confirmation');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    // nothing was sent: the modem stays on
    expect(await toggle.isChecked()).toBe(true);
  });
});

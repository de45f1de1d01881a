import type { DeviceList, DeviceListItem, DeviceMeta, SitesPage } from '@powerdeck/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserPage } from './support/browser';

/** A connected demo vt1512 and its meta, read through the console's own API calls. */
async function demoSequencer(page: Page): Promise<{ device: DeviceListItem; meta: DeviceMeta }> {
  return page.evaluate(async () => {
    const get = async <T>(url: string) => (await (await fetch(url)).json()) as T;
    const sites = await get<SitesPage>(
      '/data-svc/locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=1000',
    );
    for (const site of sites.records) {
      const list = await get<DeviceList>(
        `/data-svc/locations/dataSvc.php?svc=getDevices&siteId=${site.siteId}&pageNo=1&recordsPerPage=10000&detailed=true`,
      );
      const device = list.records.find((d) => d.devClass === 'vt1512' && d.connected);
      if (device) {
        const meta = await get<DeviceMeta>(
          `/data-svc/deviceView/data-svc.php?svc=meta&siteId=${device.siteId}&devClass=vt1512&devId=${device.devId}`,
        );
        return { device, meta };
      }
    }
    throw new Error('no connected vt1512 in the demo');
  });
}

/**
 * Records, in the page, every change of the on/off switches of the given outlets as a string of
 * 0 and 1 (outlet order as given), so the test can read the order they changed in afterwards.
 */
async function recordSwitches(page: Page, outlets: number[]): Promise<void> {
  await page.evaluate((otlts) => {
    const w = window as unknown as { switchHistory: string[]; switchRecorder?: number };
    const read = () =>
      otlts
        .map((n) => {
          const input = document.querySelector<HTMLInputElement>(
            `[aria-label="Outlet ${n} power"]`,
          );
          return input?.checked ? '1' : '0';
        })
        .join('');
    w.switchHistory = [read()];
    window.clearInterval(w.switchRecorder);
    w.switchRecorder = window.setInterval(() => {
      const now = read();
      if (w.switchHistory.at(-1) !== now) w.switchHistory.push(now);
    }, 20);
  }, outlets);
}

/** Waits until the recorded switches read `final`, and answers every state they went through. */
async function switchesUntil(page: Page, final: string): Promise<string[]> {
  await page.waitForFunction(
    (expected) =>
      (window as unknown as { switchHistory: string[] }).switchHistory.at(-1) === expected,
    final,
  );
  return page.evaluate(() => (window as unknown as { switchHistory: string[] }).switchHistory);
}

describe.skipIf(!hasBrowser())('device settings against the simulated fleet', () => {
  const ui = useBrowserPage('device-settings');

  it('a sequence group set on the Settings page is what Sequence Off and On follow, in order', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const { device, meta } = await demoSequencer(page);
    const name = (otlt: number) =>
      `${otlt}. ${meta.outlets.find((o) => o.otltId === otlt)?.name1 ?? `Outlet ${otlt}`}`;
    const base = `/locations/${device.siteId}/devices/${device.devId}/vt1512`;

    // the group: outlets 3, 1 and 2, a second apart
    await page.goto(`${base}/admin/settings`);
    await page.getByText('From the device').waitFor();
    for (let otlt = 12; otlt >= 4; otlt--) {
      await page.getByRole('button', { name: `Remove ${name(otlt)}` }).click();
    }
    await page.getByRole('button', { name: `Move ${name(3)} up` }).click();
    await page.getByRole('button', { name: `Move ${name(3)} up` }).click();
    const order = page.getByRole('list', { name: 'Sequence - Group order' }).getByRole('listitem');
    expect(await order.allTextContents()).toEqual([
      expect.stringContaining(name(3)),
      expect.stringContaining(name(1)),
      expect.stringContaining(name(2)),
    ]);
    await page.getByLabel(`Delay before ${name(3)}`).fill('0');
    await page.getByLabel(`Delay before ${name(1)}`).fill('1');
    await page.getByLabel(`Delay before ${name(2)}`).fill('1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saving… waiting for the device to confirm.').waitFor();
    await page.getByText('Saved. The device confirmed the new settings.').waitFor();

    // Sequence Off: the last outlet of the group first (2, then 1, then 3); On: 3, 1, 2
    await page.goto(`${base}/controls`);
    await page.getByRole('switch', { name: 'Outlet 3 power' }).waitFor();
    await page.waitForFunction(() =>
      [1, 2, 3].every(
        (n) =>
          document.querySelector<HTMLInputElement>(`[aria-label="Outlet ${n} power"]`)?.checked,
      ),
    );
    await recordSwitches(page, [1, 2, 3]);
    await page.getByRole('button', { name: 'Sequence Off' }).click();
    expect(await switchesUntil(page, '000')).toEqual(['111', '101', '001', '000']);
    await recordSwitches(page, [1, 2, 3]);
    await page.getByRole('button', { name: 'Sequence On' }).click();
    expect(await switchesUntil(page, '111')).toEqual(['000', '001', '101', '111']);
    // the outlets outside the group kept their state
    await expect(page.getByRole('switch', { name: 'Outlet 4 power' }).isChecked()).resolves.toBe(
      true,
    );
  });
});

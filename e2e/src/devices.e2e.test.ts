import {
  getDeviceSpec,
  type DeviceFamily,
  type DeviceList,
  type DeviceListItem,
  type DeviceMeta,
  type SitesPage,
} from '@powerdeck/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserPage } from './support/browser';

/** Every device the signed-in user can see, read through the console's own API calls. */
async function listDevices(page: Page): Promise<DeviceListItem[]> {
  return page.evaluate(async () => {
    const get = async <T>(url: string) => (await (await fetch(url)).json()) as T;
    const sites = await get<SitesPage>(
      '/data-svc/locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=1000',
    );
    const all: DeviceListItem[] = [];
    for (const site of sites.records) {
      const list = await get<DeviceList>(
        `/data-svc/locations/dataSvc.php?svc=getDevices&siteId=${site.siteId}&pageNo=1&recordsPerPage=10000&detailed=true`,
      );
      all.push(...list.records);
    }
    return all;
  });
}

async function readMeta(page: Page, device: DeviceListItem): Promise<DeviceMeta> {
  return page.evaluate(async (d) => {
    const url = `/data-svc/deviceView/data-svc.php?svc=meta&siteId=${d.siteId}&devClass=${d.devClass}&devId=${d.devId}`;
    return (await (await fetch(url)).json()) as DeviceMeta;
  }, device);
}

const controlsUrl = (d: DeviceListItem) =>
  `/locations/${d.siteId}/devices/${d.devId}/${d.devClass}/controls`;

describe.skipIf(!hasBrowser())('device control panel against the simulated fleet', () => {
  const ui = useBrowserPage('devices');

  /** A connected, stand-alone device of the first class given that is in the demo data. */
  const connectedOf = (devices: DeviceListItem[], family: DeviceFamily) =>
    devices.find(
      (d) => d.connected && !d.parentDevId && getDeviceSpec(d.devClass).family === family,
    );

  it('opens a device of each family with its card and outlet panel', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const devices = await listDevices(page);
    const families = new Set<DeviceFamily>();
    for (const device of devices) {
      const spec = getDeviceSpec(device.devClass);
      if (device.parentDevId || families.has(spec.family)) continue;
      families.add(spec.family);
      await page.goto(controlsUrl(device));
      await page.getByRole('heading', { name: device.devName, level: 1 }).waitFor();
      await page.getByText(`${spec.idLabel}: `).first().waitFor();
      await page.getByRole('heading', { name: spec.outletPanelTitle }).waitFor();
      if (spec.panels.meter) await page.getByRole('heading', { name: 'Meter' }).waitFor();
      if (spec.panels.wattage) await page.getByRole('heading', { name: 'Wattage' }).waitFor();
    }
    // Wireless devices and sequencers are children: their parents' panels show them.
    expect([...families].sort()).toEqual(
      ['bb232', 'controller', 'cv', 'dc12ip', 'gateway', 'kf1500', 'km4315', 'vt'].sort(),
    );
  });

  it('toggles and cycles an outlet and watches it change', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const devices = await listDevices(page);
    const device = connectedOf(devices, 'km4315');
    expect(device).toBeDefined();
    if (!device) return;
    const meta = await readMeta(page, device);
    const outlet = meta.outlets.find((o) => !o.locked);
    expect(outlet).toBeDefined();
    if (!outlet || meta.locationLocked) return;
    const n = outlet.otltId;
    await page.goto(controlsUrl(device));
    const toggle = page.getByRole('switch', { name: `Outlet ${n} power` });
    const row = page.getByTestId(`outlet-${device.devId}-${n}`);
    await page.getByRole('heading', { name: 'Meter' }).waitFor();
    await expect.poll(() => toggle.isEnabled(), { timeout: 10_000 }).toBe(true);
    // Wait for the first status so the switch shows the outlet's real state.
    const meter = page.locator('section[aria-label="Meter"]');
    await expect.poll(async () => (await meter.innerText()).includes('–')).toBe(false);
    const before = await toggle.isChecked();
    await toggle.click({ force: true });
    await row.getByText('Switch: done').waitFor({ timeout: 15_000 });
    await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(!before);
    await expect.poll(() => row.getByText('In progress').count()).toBe(0);

    await page.getByRole('button', { name: `Cycle outlet ${n}` }).click();
    await row.getByText(/Cycle: (sending|sent|acknowledged)/).waitFor();
    await row.getByText('Cycle: done').waitFor({ timeout: 30_000 });
  });

  it('a locked outlet refuses: its toggle is disabled and the server says no', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const devices = await listDevices(page);
    let found: { device: DeviceListItem; otlt: number } | undefined;
    for (const device of devices.filter((d) => d.connected && !d.parentDevId)) {
      const meta = await readMeta(page, device);
      const locked = meta.outlets.find((o) => o.locked);
      if (locked) {
        found = { device, otlt: locked.otltId };
        break;
      }
    }
    expect(found).toBeDefined();
    if (!found) return;
    const { device, otlt } = found;
    await page.goto(controlsUrl(device));
    const toggle = page.getByRole('switch', { name: `Outlet ${otlt} power` });
    await page
      .getByTestId(`outlet-${device.devId}-${otlt}`)
      .getByRole('img', { name: 'Locked' })
      .waitFor();
    expect(await toggle.isDisabled()).toBe(true);
    // The cycle stays available on a locked outlet (spec §2 help text), once the panel knows
    // the device is connected (cycling is disabled until then).
    await expect
      .poll(() => page.getByRole('button', { name: `Cycle outlet ${otlt}` }).isEnabled())
      .toBe(true);
    const status = await page.evaluate(
      async ({ d, o }) => {
        const body = new URLSearchParams({
          siteId: d.siteId,
          devClass: d.devClass,
          devId: d.devId,
          svc: 'setoutletstate',
          otlt: String(o),
          state: '0',
        });
        const response = await fetch(
          `/data-svc/${d.devClass}.deviceControls/data-svc.php?svc=setoutletstate`,
          { method: 'POST', body },
        );
        return response.status;
      },
      { d: device, o: otlt },
    );
    expect(status).toBe(409);
  });

  it('CLIENT sees the rename and edit-outlets buttons disabled', async () => {
    const { page } = ui;
    await ui.signInAs('client');
    const devices = await listDevices(page);
    let target: DeviceListItem | undefined;
    for (const device of devices.filter((d) => !d.parentDevId)) {
      if ((await readMeta(page, device)).permLvl === 'CLIENT') {
        target = device;
        break;
      }
    }
    expect(target).toBeDefined();
    if (!target) return;
    await page.goto(controlsUrl(target));
    const rename = page.getByRole('button', { name: 'Edit Device Name' });
    await rename.waitFor();
    expect(await rename.isDisabled()).toBe(true);
    const edit = page.getByRole('button', {
      name: getDeviceSpec(target.devClass).editOutletsTitle,
    });
    if ((await edit.count()) > 0) expect(await edit.isDisabled()).toBe(true);
  });

  it("a device the demo keeps offline shows 'This device is currently inactive.'", async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const devices = await listDevices(page);
    const offline = devices.find((d) => !d.connected && !d.parentDevId);
    expect(offline).toBeDefined();
    if (!offline) return;
    await page.goto(controlsUrl(offline));
    await page.getByText('This device is currently inactive.').waitFor();
    await page.getByText('Disconnected', { exact: true }).first().waitFor();
  });

  /** The first stand-alone device, not yet watched or muted, where the user's level is one of `levels`. */
  async function deviceAt(page: Page, levels: readonly string[]) {
    for (const device of (await listDevices(page)).filter(
      (d) => !d.parentDevId && !d.watched && !d.muted,
    )) {
      if (levels.includes((await readMeta(page, device)).permLvl)) return device;
    }
    return undefined;
  }

  it('owner watches and mutes a device from its panel and finds it on the Watchlist', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const device = await deviceAt(page, ['owner', 'ADMIN']);
    expect(device).toBeDefined();
    if (!device) return;
    await page.goto(controlsUrl(device));
    const card = page.getByRole('region', { name: 'Device card' });
    const eye = card.getByRole('button', { name: 'Add to Watchlist' });
    await expect.poll(() => eye.getAttribute('aria-disabled')).toBe('false');
    await eye.click();
    await page.getByText('Device added to Watchlist').waitFor();
    const watched = card.getByRole('button', { name: 'Remove from Watchlist' });
    expect(await watched.getAttribute('aria-pressed')).toBe('true');
    const bell = card.getByRole('button', { name: 'Mute Notifications' });
    await expect.poll(() => bell.getAttribute('aria-disabled')).toBe('false');
    await bell.click();
    await page.getByText('Notifications muted successfully').waitFor();
    const unmute = card.getByRole('button', { name: 'Unmute Notifications' });
    expect(await unmute.getAttribute('aria-pressed')).toBe('true');

    await page.goto('/watchlist');
    const section = page.getByRole('region', { name: 'Devices' });
    const row = section.getByRole('row').filter({ hasText: device.devName });
    await row.getByRole('link', { name: device.devName }).waitFor();
    expect(
      await row.getByRole('button', { name: 'Unmute Notifications' }).getAttribute('aria-pressed'),
    ).toBe('true');
    // Leave the demo data as it was: unmute, then take it off the Watchlist from the row.
    await row.getByRole('button', { name: 'Unmute Notifications' }).click();
    await page.getByText('Notifications unmuted successfully').waitFor();
    await row.getByRole('button', { name: 'Remove from Watchlist' }).click();
    await page.getByText('Device removed from Watchlist').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('INSTALLER: the bell does nothing, the eye works', async () => {
    const { page } = ui;
    await ui.signInAs('installer');
    const device = await deviceAt(page, ['INSTALLER']);
    expect(device).toBeDefined();
    if (!device) return;
    const mutes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('svc=muteDevice')) mutes.push(r.url());
    });
    await page.goto(controlsUrl(device));
    const card = page.getByRole('region', { name: 'Device card' });
    const eye = card.getByRole('button', { name: 'Add to Watchlist' });
    await expect.poll(() => eye.getAttribute('aria-disabled')).toBe('false');
    const bell = card.getByRole('button', { name: 'Mute Notifications' });
    expect(await bell.getAttribute('aria-disabled')).toBe('true');
    // aria-disabled: Playwright would wait for it to be enabled; the user can still click it.
    await bell.click({ force: true });
    // The eye's answer comes after the bell's click was handled: by then a mute would have gone out.
    await eye.click();
    await page.getByText('Device added to Watchlist').waitFor();
    expect(mutes).toEqual([]);
    expect(await page.getByText('Notifications muted successfully').count()).toBe(0);
    expect(await bell.getAttribute('aria-pressed')).toBe('false');
    await card.getByRole('button', { name: 'Remove from Watchlist' }).click();
    await page.getByText('Device removed from Watchlist').waitFor();
  });

  it('the All Devices tab lists the location devices with links to their controls', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const devices = await listDevices(page);
    const device = connectedOf(devices, 'cv');
    expect(device).toBeDefined();
    if (!device) return;
    await page.goto(`/locations/${device.siteId}/devices`);
    const link = page.getByRole('link', { name: device.devName, exact: true });
    await link.waitFor();
    await link.click();
    await page.waitForURL(`**${controlsUrl(device)}`);
    await page.getByRole('button', { name: 'Reboot' }).waitFor();
  });
});

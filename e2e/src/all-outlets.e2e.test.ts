import type { DeviceStatusResponse, Location, SitesPage } from '@powerdeck/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserPage } from './support/browser';

/** The signed-in user's locations, read through the console's own API call. */
async function listLocations(page: Page): Promise<Location[]> {
  return page.evaluate(async () => {
    const response = await fetch(
      '/data-svc/locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=1000',
    );
    return ((await response.json()) as SitesPage).records;
  });
}

/** What the server last heard from the device: its outlets' on/off. */
async function outletsOnServer(page: Page, siteId: string, devClass: string, devId: string) {
  return page.evaluate(
    async ({ siteId, devClass, devId }) => {
      const url = `/data-svc/deviceView/data-svc.php?svc=status&siteId=${siteId}&devClass=${devClass}&devId=${devId}`;
      return ((await (await fetch(url)).json()) as DeviceStatusResponse).status?.otlts ?? [];
    },
    { siteId, devClass, devId },
  );
}

/** Opens the location and its All Outlets tab as a user would. */
async function openAllOutlets(page: Page, location: Location) {
  await page.goto(`/locations/${location.siteId}`);
  await page.getByRole('heading', { name: location.name, level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'All Outlets' }).click();
  await page.waitForURL(`**/locations/${location.siteId}/outlets`);
  await page.locator('[data-testid^="outlet-"]').first().waitFor();
}

/** Devices of the tab whose parent is connected. */
const connectedDevices = (page: Page) =>
  page
    .locator('section[data-testid^="device-outlets-"]')
    .filter({ has: page.getByText('Connected', { exact: true }) });

/**
 * Records every state an outlet row goes through (its command text, 'in progress', cycling) as
 * the page renders it, so a test sees each live change even when it lasts a moment.
 */
async function recordStates(row: Locator) {
  await row.evaluate((el) => {
    const seen: string[] = [];
    const grab = () => {
      const text = el.querySelector('[role="status"]')?.textContent ?? '';
      const flags = [
        el.querySelector('[data-in-progress]') ? 'in-progress' : '',
        el.querySelector('[data-cycling]') ? 'cycling' : '',
      ].join(' ');
      const state = `${text}|${flags.trim()}`;
      if (seen[seen.length - 1] !== state) seen.push(state);
    };
    grab();
    new MutationObserver(grab).observe(el, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    (window as unknown as { seenStates: string[] }).seenStates = seen;
  });
  return () =>
    row.page().evaluate(() => (window as unknown as { seenStates: string[] }).seenStates);
}

/** The URLs of the calls to `svc` the page makes from now on. */
function recordCalls(page: Page, svc: string) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`svc=${svc}`)) sent.push(request.url());
  });
  return sent;
}

describe.skipIf(!hasBrowser())('All Outlets tab against the simulated fleet', () => {
  const ui = useBrowserPage('all-outlets');

  it('switches an outlet off and on and cycles one, each state seen live', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const locations = await listLocations(page);
    const location = locations.find((l) => l.name === 'Summit Dental - Downtown');
    expect(location).toBeDefined();
    if (!location) return;
    await openAllOutlets(page, location);

    // A connected device with outlets of its own (not only its kids'), on once its status is in.
    const devices = connectedDevices(page);
    const ownOutlets = async () => {
      for (let i = 0; i < (await devices.count()); i++) {
        const id = ((await devices.nth(i).getAttribute('data-testid')) ?? '').slice(
          'device-outlets-'.length,
        );
        if ((await devices.nth(i).locator(`[data-testid^="outlet-${id}-"]`).count()) > 0) {
          return { id, index: i };
        }
      }
      return { id: '', index: -1 };
    };
    // Connection badges follow each device's contact call: wait until one such device shows.
    await expect.poll(async () => (await ownOutlets()).id, { timeout: 15_000 }).not.toBe('');
    const { id: deviceId, index } = await ownOutlets();
    const device = devices.nth(index);
    const rows = device.locator(`[data-testid^="outlet-${deviceId}-"]`);
    await expect.poll(() => rows.getByRole('switch', { checked: true }).count()).toBeGreaterThan(0);
    const candidate = rows
      .filter({ has: page.getByRole('switch', { checked: true, disabled: false }) })
      .first();
    // Pinned by its id: the filter above stops matching once the outlet is off.
    const testId = (await candidate.getAttribute('data-testid')) ?? '';
    const row = page.getByTestId(testId);
    const otlt = Number(testId.split('-').pop());
    const toggle = row.getByRole('switch');
    const devClass = (await device.getAttribute('data-dev-class')) ?? '';

    const states = await recordStates(row);
    await toggle.click({ force: true });
    await row.getByText('Switch: done').waitFor({ timeout: 15_000 });
    await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => row.getByText('In progress').count()).toBe(0);
    const off = await states();
    expect(off.some((s) => s.startsWith('Switch: sending…|in-progress'))).toBe(true);
    expect(off[off.length - 1]).toBe('Switch: done|');
    await expect
      .poll(
        async () => (await outletsOnServer(page, location.siteId, devClass, deviceId))[otlt - 1],
      )
      .toBe(false);

    await toggle.click({ force: true });
    await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(true);
    await row.getByText('Switch: done').waitFor({ timeout: 15_000 });
    await expect
      .poll(
        async () => (await outletsOnServer(page, location.siteId, devClass, deviceId))[otlt - 1],
      )
      .toBe(true);

    const cycleStates = await recordStates(row);
    await row.getByRole('button', { name: `Cycle outlet ${otlt}` }).click();
    await row.getByText('Cycle: done').waitFor({ timeout: 30_000 });
    const cycle = await cycleStates();
    expect(cycle.some((s) => s.startsWith('Cycle: sending…') && s.endsWith('cycling'))).toBe(true);
    expect(cycle[cycle.length - 1]).toBe('Cycle: done|');
    await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(true);
  });

  it('a locked outlet and a locked location refuse a toggle; cycling stays', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const locations = await listLocations(page);
    const open = locations.find((l) => l.name === 'Summit Dental - Downtown');
    const locked = locations.find((l) => l.otltLock);
    expect(open && locked).toBeTruthy();
    if (!open || !locked) return;
    const setCalls = recordCalls(page, 'setoutletstate');

    await openAllOutlets(page, open);
    const lockedRow = connectedDevices(page)
      .locator('[data-testid^="outlet-"]')
      .filter({ has: page.getByRole('img', { name: 'Locked' }) })
      .first();
    await lockedRow.waitFor();
    const toggle = lockedRow.getByRole('switch');
    expect(await toggle.isDisabled()).toBe(true);
    await toggle.click({ force: true });
    await page.waitForTimeout(500);
    expect(setCalls).toHaveLength(0);
    expect(await lockedRow.getByText(/^Switch:/).count()).toBe(0);
    expect(await lockedRow.getByRole('button', { name: /^Cycle outlet/ }).isEnabled()).toBe(true);

    await openAllOutlets(page, locked);
    await page
      .getByText('Outlets at this location are locked: they can be cycled but not switched.')
      .waitFor();
    const switches = page.getByRole('switch');
    const count = await switches.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) expect(await switches.nth(i).isDisabled()).toBe(true);
    await switches.first().click({ force: true });
    await page.waitForTimeout(500);
    expect(setCalls).toHaveLength(0);
    await expect
      .poll(() =>
        connectedDevices(page)
          .getByRole('button', { name: /^Cycle outlet/ })
          .first()
          .isEnabled(),
      )
      .toBe(true);
  });

  it('CLIENT sees its restrictions: no Edit Outlets, Add a Device, Notes or mute; outlets still switchable', async () => {
    const { page } = ui;
    await ui.signInAs('client');
    const locations = await listLocations(page);
    const location = locations.find((l) => l.permLvl === 'CLIENT' && !l.otltLock);
    expect(location).toBeDefined();
    if (!location) return;
    const muteCalls = recordCalls(page, 'muteSite');

    // The locations list: the bell is disabled and its click sends nothing.
    const card = page
      .locator('article')
      .filter({ has: page.getByRole('link', { name: location.name }) });
    const bell = card.getByRole('button', { name: /Mute Notifications|Unmute Notifications/ });
    expect(await bell.getAttribute('aria-disabled')).toBe('true');
    await bell.click({ force: true });
    await page.waitForTimeout(500);
    expect(muteCalls).toHaveLength(0);

    await openAllOutlets(page, location);
    const edits = page.getByRole('button', { name: /^Edit (Outlets|Outputs) of / });
    expect(await edits.count()).toBeGreaterThan(0);
    for (let i = 0; i < (await edits.count()); i++)
      expect(await edits.nth(i).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Location menu' }).click();
    expect(await page.getByRole('menuitem', { name: 'Add a Device' }).isDisabled()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Notes' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Spec §6 restricts CLIENT's menu, rename and edit outlets, not switching: an unlocked outlet
    // of a connected device stays enabled.
    const device = connectedDevices(page).first();
    await expect
      .poll(() => device.getByRole('switch', { disabled: false }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
  });
});

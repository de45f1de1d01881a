import { beforeEach, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserPage } from './support/browser';

/** The first demo device waiting to be claimed, as printed in the start banner. */
const DEMO_DEVICE = { mac: ['C0', 'DE', '01'], key: ['PD7K', 'Q2M9', 'X4TB'], devClass: 'm4315' };
const SECOND_DEVICE_MAC = ['C0', 'DE', '02'];

describe.skipIf(!hasBrowser())('search and add a device', () => {
  const ui = useBrowserPage('search-add-device');
  beforeEach(async () => {
    await ui.signInAs('owner');
  });

  const searchBox = () => ui.page.getByRole('searchbox', { name: 'Search' });
  const group = (name: string) => ui.page.getByRole('region', { name });

  it('suggests a location while typing and opens it; the click sets the site cookie', async () => {
    const { page } = ui;
    await searchBox().fill('harbor view lob');
    const location = group('Locations').getByRole('link', { name: /Harbor View Lobby/ });
    await location.waitFor();
    expect(await group('Locations').locator('mark').first().textContent()).toBe('Harbor View Lob');
    await location.click();
    await page.waitForURL(/\/locations\/[^/]+\/devices$/);
    await page.getByRole('heading', { name: 'Harbor View Lobby' }).waitFor();
    const cookies = await ui.context.cookies();
    const siteId = page.url().split('/')[4];
    expect(cookies.find((c) => c.name === 'site')?.value).toBe(siteId);
    const recent = await page.evaluate(() => localStorage.getItem('recentSearch'));
    expect(recent).toContain('Harbor View Lobby');
  });

  it('searches a device by name with Enter and opens the device path', async () => {
    const { page } = ui;
    await searchBox().fill('BB1000');
    await searchBox().press('Enter');
    const device = group('Devices').getByRole('link').first();
    await device.waitFor();
    await device.click();
    // the search's device path, or the canonical one the console replaces it with at once
    await page.waitForURL(
      /\/locations\/[^/]+\/devices\/(bb1000\/1065A3[0-9A-F]{6}|1065A3[0-9A-F]{6}\/bb1000)/,
    );
  });

  it('finds an outlet label and opens its device with the keyword', async () => {
    const { page } = ui;
    await searchBox().fill('Projector');
    await searchBox().press('Enter');
    const outlet = group('Outlets').getByRole('link').first();
    await outlet.waitFor();
    await outlet.click();
    await page.waitForURL(
      /\/locations\/[^/]+\/devices\/([a-z0-9]+\/1065A3[0-9A-F]{6}|1065A3[0-9A-F]{6}\/[a-z0-9]+).*keyword=Projector/,
    );
  });

  it('finds a client and opens its settings; nothing found says so', async () => {
    const { page } = ui;
    await searchBox().fill('Summit Dental Group');
    await searchBox().press('Enter');
    const client = group('Clients').getByRole('link', { name: /Summit Dental Group/ });
    await client.waitFor();
    await client.click();
    await page.waitForURL(/\/clients\/[^/]+\/settings$/);
    await searchBox().fill('no such thing 42');
    await searchBox().press('Enter');
    await page.getByText('No results found.').waitFor();
    await searchBox().press('Escape');
    await page.getByText('No results found.').waitFor({ state: 'hidden' });
  });

  async function openAddDevice() {
    const { page } = ui;
    await searchBox().fill('Integrator Showroom');
    await group('Locations')
      .getByRole('link', { name: /Integrator Showroom/ })
      .click();
    await page.waitForURL(/\/locations\/[^/]+\/devices$/);
    await page.getByRole('button', { name: 'Location menu' }).click();
    await page.getByRole('menuitem', { name: 'Add a Device' }).click();
    await page.getByRole('dialog', { name: 'Add a New Device' }).waitFor();
  }

  async function typeDevice(mac: string[], key: string[]) {
    const { page } = ui;
    const macBoxes = page.getByRole('group', { name: 'MAC ID' }).getByRole('textbox');
    await macBoxes.nth(3).click();
    await page.keyboard.type(mac.join(''));
    const keyBoxes = page.getByRole('group', { name: 'Challenge key' }).getByRole('textbox');
    await keyBoxes.nth(0).click();
    await page.keyboard.type(key.join(''));
  }

  it('refuses a wrong challenge key with the spec error', async () => {
    const { page } = ui;
    await openAddDevice();
    const registerButton = page.getByRole('button', { name: 'Register' });
    expect(await registerButton.isDisabled()).toBe(true);
    await typeDevice(SECOND_DEVICE_MAC, ['AAAA', 'BBBB', 'CCCC']);
    await registerButton.click();
    await page.getByText('ERROR: Please check MAC ID or Challenge Key').first().waitFor();
  });

  it('adds an Ethernet device with a demo claim key; it appears in the location', async () => {
    const { page } = ui;
    await openAddDevice();
    await typeDevice(DEMO_DEVICE.mac, DEMO_DEVICE.key);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('New device has been added successfuly').waitFor();
    await page.getByRole('dialog', { name: 'Add a New Device' }).waitFor({ state: 'hidden' });
    await page.getByText('1065A3C0DE01').first().waitFor();

    // The unit was plugged in all along: once claimed, its panel is live, not inactive.
    const locationPath = new URL(page.url()).pathname.replace(/\/devices$/, '');
    await page.goto(`${locationPath}/devices/1065A3C0DE01/${DEMO_DEVICE.devClass}/controls`);
    await page.getByRole('heading', { name: 'Meter' }).waitFor();
    const meter = page.locator('section[aria-label="Meter"]');
    await expect.poll(async () => (await meter.innerText()).includes('–')).toBe(false);
    // An inactive device disables every switch; an unlocked outlet of a live one can be used.
    const switches = page.getByRole('switch', { name: /^Outlet \d+ power$/ });
    const anyEnabled = async () => {
      for (const toggle of await switches.all()) if (await toggle.isEnabled()) return true;
      return false;
    };
    await expect.poll(anyEnabled, { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('This device is currently inactive.').count()).toBe(0);
  });
});

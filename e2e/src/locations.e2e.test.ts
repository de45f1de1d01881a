import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserPage } from './support/browser';

describe.skipIf(!hasBrowser())('locations, watchlist, settings and clients', () => {
  const ui = useBrowserPage('locations');

  it('owner: cards with counts and badges, then the table view with the spec columns', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    await page.locator('article').first().waitFor();
    await page.getByText('Total devices').first().waitFor();
    await page.locator('[aria-label="List view"]').click({ force: true });
    const headers = page.locator('thead th');
    await headers.first().waitFor();
    expect(await headers.allInnerTexts()).toEqual(
      [
        'Status',
        'Location Name',
        '',
        'Client Name',
        'Total\nDevices',
        'Active',
        'Inactive',
        'Actions',
      ].map(
        (h) =>
          expect.stringMatching(new RegExp(`^${h.replace('\n', '\\s*')}$`)) as unknown as string,
      ),
    );
    await page.locator('[aria-label="Card view"]').click({ force: true });
    await page.locator('article').first().waitFor();
  });

  it('owner: Refine sorts by recent visit — the location just opened comes first', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const names = page.locator('article h2');
    await names.last().waitFor();
    const last = (await names.allInnerTexts()).at(-1) ?? '';
    await page.locator('article').filter({ hasText: last }).getByRole('link').first().click();
    await page.getByRole('heading', { name: last, level: 1 }).waitFor();
    await page.goto('/locations/list');
    await page.getByRole('button', { name: 'Refine' }).click();
    await page.getByLabel('Recent visit').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(async () => (await page.locator('article h2').first().innerText()).trim())
      .toBe(last);
  });

  it('owner: watching a location shows the toast and puts it on the watchlist', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const card = page
      .locator('article')
      .filter({ has: page.getByRole('button', { name: 'Add to Watchlist' }) })
      .first();
    const name = (await card.locator('h2').innerText()).trim();
    await card.getByRole('button', { name: 'Add to Watchlist' }).click();
    await page.getByText('Location added to Watchlist').waitFor();
    await page.goto('/watchlist');
    const watched = page.locator('article').filter({ hasText: name });
    await watched.waitFor();
    await watched.getByRole('button', { name: 'Remove from Watchlist' }).click();
    await page.getByText('Location removed from Watchlist').waitFor();
  });

  for (const who of ['client', 'installer']) {
    it(`${who}: the mute click is ignored`, async () => {
      const { page } = ui;
      await ui.signInAs(who);
      const requests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('svc=muteSite')) requests.push(r.url());
      });
      const bells = page.locator('article').getByRole('button', { name: 'Mute Notifications' });
      await bells.first().waitFor();
      // the installer also holds other levels; find a bell that is disabled for this role
      const disabled = page.locator(
        'article [aria-label="Mute Notifications"][aria-disabled="true"]',
      );
      expect(await disabled.count()).toBeGreaterThan(0);
      await disabled.first().click({ force: true });
      await page.waitForTimeout(500);
      expect(requests).toEqual([]);
    });
  }

  it('client: the location header offers Add a Device disabled and no Notes; settings are read-only', async () => {
    const { page } = ui;
    await ui.signInAs('client');
    await page.locator('article a').first().click();
    await page.getByRole('tab', { name: 'Location Settings' }).click();
    await page.getByRole('button', { name: 'Location menu' }).click();
    await expect
      .poll(() => page.getByRole('menuitem', { name: 'Add a Device' }).isDisabled())
      .toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Notes' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByLabel(/Location name/).waitFor();
    expect(await page.getByLabel(/Location name/).isDisabled()).toBe(true);
    expect(await page.getByText('Delete location').count()).toBe(0);
  });

  it('owner: adds a location with a new client, renames it in settings, then deletes it', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    await page.getByRole('button', { name: 'Locations menu' }).click();
    await page.getByRole('menuitem', { name: 'Add a location' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please enter location name').waitFor();
    await page.getByLabel(/Location name/).fill('E2E Depot');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('City').fill('Reno');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('New client').click();
    await page.getByLabel(/Client name/).fill('E2E Storage Co');
    await page.getByLabel(/Contact number/).fill('7755550100');
    await page.getByLabel(/^Email/).fill('ops@e2e-storage.example.com');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByText('Location added successfully').waitFor();
    await page.getByRole('heading', { name: 'E2E Depot', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('E2E Depot').waitFor();

    await page.getByRole('tab', { name: 'Location Settings' }).click();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel(/Location name/).fill('');
    await page.getByText('Please enter location name').waitFor();
    await page.getByLabel(/Location name/).fill('E2E Depot Renamed');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await page.getByRole('heading', { name: 'E2E Depot Renamed', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Delete location' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/locations/list');
    await page.locator('article').first().waitFor();
    expect(await page.getByText('E2E Depot Renamed').count()).toBe(0);
  });

  for (const who of ['admin', 'support']) {
    it(`${who}: may edit a location's settings and sees its people`, async () => {
      const { page } = ui;
      await ui.signInAs(who);
      await page.locator('article a').first().click();
      await page.getByRole('tab', { name: 'Location Settings' }).click();
      await page.getByLabel(/Location name/).waitFor();
      expect(await page.getByLabel(/Location name/).isDisabled()).toBe(false);
      await page.getByRole('button', { name: 'Delete location' }).waitFor();
      await page.getByText('owner@example.com').waitFor();
      await page.getByRole('button', { name: 'Location menu' }).click();
      await page.getByRole('menuitem', { name: 'Notes' }).waitFor();
    });
  }

  it('an unknown location shows the No Permission dialog and returns to the list', async () => {
    const { page } = ui;
    await ui.signInAs('client');
    await page.goto('/locations/no-such-location/settings');
    await page.getByText("You don't have permission to access this location.").waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/locations/list');
  });

  it('owner: clients with counts, a client with its locations, and its contacts', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    await page.goto('/clients');
    const first = page.locator('tbody tr').first();
    await first.waitFor();
    await expect
      .poll(async () => (await first.locator('td').nth(2).innerText()).trim())
      .toMatch(/^\d+$/);
    await first.getByRole('link').click();
    await page.getByRole('heading', { name: 'Locations' }).waitFor();
    await page.getByRole('link', { name: 'Contacts' }).click();
    await page.locator('article').first().waitFor();
    expect(await page.locator('article a[href^="mailto:"]').count()).toBeGreaterThan(0);
  });

  it('owner: the contact popover opens the client contact page', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    await page.locator('article').first().waitFor();
    const card = page.locator('article').filter({ hasNotText: 'Client: N/A' }).first();
    await card.getByRole('button', { name: 'Primary contact' }).click();
    const dropdown = page.getByLabel('Primary contact details');
    await dropdown.waitFor();
    await page.getByLabel('Loading contact').waitFor({ state: 'detached' });
    // the contact's name: a click in the middle could land on the e-mail link (mailto:)
    await dropdown.locator('p').first().click();
    await page.waitForURL('**/clients/*/contact');
  });
});

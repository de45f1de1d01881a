import type { BrowserContext } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PHONE_USER_AGENT,
  baseUrl,
  hasBrowser,
  newContext,
  signIn,
  useBrowserPage,
} from './support/browser';

const PUBLIC_ROUTES = [
  '/login',
  '/forgot-password',
  '/mobile-banner',
  '/reset-password',
  '/registration-success',
  '/new-account-verify',
  '/signup',
  '/redirectLogin',
];

describe.skipIf(!hasBrowser())('route table (spec §2)', () => {
  const ui = useBrowserPage('routing');

  it('/ redirects a visitor to /login', async () => {
    const { page } = ui;
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it('a signed-in route sends a visitor to /login and returns to the remembered origin after login', async () => {
    const { page } = ui;
    await page.goto('/clients');
    await page.waitForURL('**/login');
    await page.getByLabel(/^email/i).fill('owner@example.com');
    await page.getByLabel(/^password/i).fill('powerdeck-demo');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/clients');
  });

  it("an unknown path shows 'Page not found' and goes to /login after 1 second", async () => {
    const { page } = ui;
    await page.goto('/no/such/page');
    await page.getByText('Page not found').waitFor();
    await page.getByText('Automatically redirecting you to home page.').waitFor();
    const shownAt = Date.now();
    await page.waitForURL('**/login', { timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(500);
  });

  it("the login-redirect page says 'Your login credentials have been changed.' and returns to /login after 3.5 s", async () => {
    const { page } = ui;
    await page.goto('/redirectLogin');
    await page.getByText('Your login credentials have been changed.').waitFor();
    const shownAt = Date.now();
    await page.waitForURL('**/login', { timeout: 8_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(3_000);
  });

  it('the login-redirect page has a link that goes to /login at once', async () => {
    const { page } = ui;
    await page.goto('/redirectLogin');
    await page.getByRole('link', { name: /login|sign in/i }).click();
    await page.waitForURL('**/login', { timeout: 1_500 });
  });

  it('an unknown /data-svc/ path answers an API 404, never the app page', async () => {
    const { page } = ui;
    const response = await page.request.get(`${baseUrl()}/data-svc/nothing/here.php?svc=x`);
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
  });

  describe('signed in', () => {
    beforeEach(async () => {
      await ui.signInAs('owner');
    });

    for (const route of PUBLIC_ROUTES) {
      it(`public route ${route} sends a signed-in user to /locations/list`, async () => {
        const { page } = ui;
        await page.goto(route);
        await page.waitForURL('**/locations/list');
      });
    }

    it('/locations redirects to /locations/list, and a fresh load of it shows the list', async () => {
      const { page } = ui;
      await page.goto('/locations');
      await page.waitForURL('**/locations/list');
      await page.getByRole('heading', { name: 'All Locations', level: 1 }).waitFor();
    });

    it('/locations/{id} redirects to /locations/{id}/devices', async () => {
      const { page } = ui;
      await page.goto('/locations/some-site');
      await page.waitForURL('**/locations/some-site/devices');
    });

    it('/profile redirects to /profile/accountDetails', async () => {
      const { page } = ui;
      await page.goto('/profile');
      await page.waitForURL('**/profile/accountDetails');
    });

    it('the sidebar has the links of the spec', async () => {
      const { page } = ui;
      const sidebar = page.getByRole('navigation').first();
      for (const name of [
        'All Locations',
        'Watchlist',
        'All Clients',
        'Administration',
        'Profile',
      ]) {
        await sidebar.getByRole('link', { name, exact: true }).waitFor();
      }
    });
  });

  describe('on a phone', () => {
    let phone: BrowserContext;
    beforeEach(async () => {
      phone = await newContext(ui.browser, { userAgent: PHONE_USER_AGENT, width: 390 });
    });
    afterEach(async () => {
      await phone.close();
    });

    it('a signed-in route sends a phone browser to /mobile, which points to the apps', async () => {
      const phonePage = await phone.newPage();
      await signIn(phonePage, 'owner@example.com');
      await phonePage.waitForURL('**/mobile');
      await phonePage.getByText(/Feb 1, 2021/).waitFor();
    });
  });
});

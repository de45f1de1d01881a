import { describe, expect, it } from 'vitest';
import { hasBrowser, newContext, saveScreenshot, signIn, useBrowserPage } from './support/browser';

const DEMO_USERS = [
  'owner@example.com',
  'admin@example.com',
  'installer@example.com',
  'client@example.com',
  'support@example.com',
];

describe.skipIf(!hasBrowser())('sign-in', () => {
  const ui = useBrowserPage('auth');

  for (const email of DEMO_USERS) {
    it(`demo login ${email} opens the locations list`, async () => {
      const { page } = ui;
      await signIn(page, email);
      await page.waitForURL('**/locations/list');
    });
  }

  it('a wrong password shows the error and stays on /login', async () => {
    const { page } = ui;
    await signIn(page, 'owner@example.com', 'not-the-password');
    await page.getByText('Incorrect email or password.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('the session cookie is httpOnly and begins with the user id', async () => {
    await ui.signInAs('admin');
    const cookie = (await ui.context.cookies()).find((c) => c.name === 'pd_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value.split('.').length).toBeGreaterThanOrEqual(2);
  });

  it('logout ends the session: signed-in routes send the visitor to /login again', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.goto('/locations/list');
    await page.waitForURL('**/login');
  });

  it('the client user sees fewer locations than the owner', async () => {
    const count = async (email: string) => {
      const ctx = await newContext(ui.browser);
      const p = await ctx.newPage();
      await signIn(p, email);
      await p.waitForURL('**/locations/list');
      const response = await p.request.get(
        '/data-svc/locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=all',
      );
      const body = (await response.json()) as { totalRecords: number };
      await ctx.close();
      return body.totalRecords;
    };
    const [owner, client] = [await count('owner@example.com'), await count('client@example.com')];
    expect(owner).toBeGreaterThanOrEqual(20);
    expect(client).toBeGreaterThan(0);
    expect(client).toBeLessThan(owner);
  });

  it('the locations page shows the demo locations (screenshot kept as an artifact)', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    await page
      .getByText('Checking Network...')
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, 'locations-list');
  });

  it('a new account signs up, verifies its e-mail from the outbox, and signs in', async () => {
    const { page } = ui;
    const email = `new-user-${Date.now()}@example.com`;
    await page.goto('/signup');
    await page.getByLabel(/first name/i).fill('Nia');
    await page.getByLabel(/last name/i).fill('Okafor');
    await page.getByLabel(/^email/i).fill(email);
    await page.getByLabel(/^password/i).fill('a-strong-passphrase');
    await page.getByLabel(/^confirm password/i).fill('a-strong-passphrase');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/registration-success');

    const outbox = await page.request.get('/data-svc/auth/data-svc.php?svc=outbox');
    const { messages } = (await outbox.json()) as { messages: { to: string; text: string }[] };
    const mail = messages.find((m) => m.to === email);
    const link = mail?.text.match(/https?:\/\/\S+new-account-verify\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page
      .getByText(/verified/i)
      .first()
      .waitFor();

    await signIn(page, email, 'a-strong-passphrase');
    await page.waitForURL('**/locations/list');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, signIn, useBrowserPage } from './support/browser';

interface UserSites {
  records: { siteId: string; name: string; permLvl: string }[];
}

async function sites(page: Page): Promise<UserSites['records']> {
  const response = await page.request.get(
    '/data-svc/accountManagement/data-svc.php?svc=getUserSitesData',
  );
  return ((await response.json()) as UserSites).records;
}

async function outboxLink(page: Page, to: string, path: string): Promise<string> {
  const response = await page.request.get('/data-svc/auth/data-svc.php?svc=outbox');
  const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
  const text = messages.find((m) => m.to === to)?.text ?? '';
  const link = text.match(new RegExp(`https?://\\S+${path}\\?token=\\S+`))?.[0] ?? '';
  const url = new URL(link);
  return url.pathname + url.search;
}

/** A fresh verified user, so changing its password or e-mail leaves the demo users alone. */
async function freshUser(page: Page, password: string): Promise<string> {
  const email = `profile-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel(/first name/i).fill('Pat');
  await page.getByLabel(/last name/i).fill('Profile');
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByLabel(/^confirm password/i).fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL('**/registration-success');
  await page.goto(await outboxLink(page, email, 'new-account-verify'));
  await page
    .getByText(/verified/i)
    .first()
    .waitFor();
  return email;
}

describe.skipIf(!hasBrowser())('notes, profile, groups and alerts', () => {
  const ui = useBrowserPage('notes-profile');

  it('installer adds, edits and deletes a note; CLIENT locations are not listed', async () => {
    const { page } = ui;
    await ui.signInAs('installer');
    const site = (await sites(page)).find((s) => s.permLvl === 'INSTALLER');
    expect(site).toBeTruthy();
    await page.goto(`/locations/${site!.siteId}/notes`);
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Can not save empty note.').waitFor();
    const text = `e2e note ${Date.now()}`;
    await page.getByLabel('New note').fill(text);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Edit note').fill(`${text} edited`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${text} edited`).first().waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText(`${text} edited`).count()).toBe(0);
  });

  it('client has no notes locations and sees the spec message', async () => {
    const { page } = ui;
    await ui.signInAs('client');
    const site = (await sites(page))[0];
    await page.goto(`/locations/${site!.siteId}/notes`);
    await page
      .getByText('You dont have permissions to see/create notes at any location.')
      .waitFor();
  });

  it('owner creates, views and deletes an admin group through the stepper', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Create Group' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    const name = `E2E group ${Date.now()}`;
    await dialog.getByLabel('Group name').fill(name);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('checkbox', { name: 'Select All' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    expect(await dialog.getByRole('checkbox', { name: /Olivia Owens/ }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name }).waitFor();
    await page.goto('/admin');
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('link', { name }).count()).toBe(0);
  });

  it('client cannot create a group', async () => {
    const { page } = ui;
    await ui.signInAs('client');
    await page.goto('/admin');
    await page.getByText('You dont have permissions at any location.').waitFor();
    expect(await page.getByRole('button', { name: 'Create Group' }).isDisabled()).toBe(true);
  });

  it('admin opens the alerts panel from the bell', async () => {
    const { page } = ui;
    await ui.signInAs('admin');
    await page.getByRole('button', { name: /^Alerts/ }).click();
    await page.getByRole('tab', { name: 'Alerts' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Notifications' }).count()).toBe(0);
  });

  it('support reads help and a device-class page', async () => {
    const { page } = ui;
    await ui.signInAs('support');
    await page.goto('/helpAndSupport');
    await page.getByRole('link', { name: 'cv2', exact: true }).first().click();
    await page.waitForURL('**/helpAndSupport/devices/cv2');
    await page.getByText('Children').waitFor();
  });

  it('a fresh user changes password (other sessions end) and e-mail (after the link)', async () => {
    const { page } = ui;
    const email = await freshUser(page, 'first-passphrase');
    await signIn(page, email, 'first-passphrase');
    await page.waitForURL('**/locations/list');
    const other = await ui.browser.newContext({ baseURL: new URL(page.url()).origin });
    const otherPage = await other.newPage();
    await signIn(otherPage, email, 'first-passphrase');
    await otherPage.waitForURL('**/locations/list');

    await page.goto('/profile/changePassword');
    await page.getByLabel(/Current password/).fill('first-passphrase');
    await page.getByLabel(/^New password/).fill('second-passphrase');
    await page.getByLabel(/Confirm new password/).fill('second-passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/Your password has been changed/).waitFor();
    const session = await otherPage.request.get('/data-svc/auth/data-svc.php?svc=session');
    expect(await session.json()).toEqual({ user: null });
    await other.close();

    const newEmail = `changed-${Date.now()}@example.com`;
    await page.goto('/profile/changeEmail');
    await page.getByLabel(/New email/).fill(newEmail);
    await page.getByLabel(/Current password/).fill('second-passphrase');
    await page.getByRole('button', { name: 'Send verification link' }).click();
    await page.getByText(/We sent a verification link/).waitFor();
    await page.goto(await outboxLink(page, newEmail, 'profile/changeEmail'));
    await page.getByText('Your email address has been changed.').waitFor();
    await page.goto('/profile/accountDetails');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Email' }).inputValue())
      .toBe(newEmail);
  });

  it('a fresh user deletes the account and lands on /login', async () => {
    const { page } = ui;
    const email = await freshUser(page, 'leaving-passphrase');
    await signIn(page, email, 'leaving-passphrase');
    await page.waitForURL('**/locations/list');
    await page.goto('/profile/deleteAccount');
    await page.getByLabel('I understand that this cannot be undone.').check();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/login');
  });
});

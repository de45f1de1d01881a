import type { Location, SitesPage } from '@powerdeck/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserPage } from './support/browser';

const LOCATION = 'Harbor View Lobby';
const SCHEDULE = 'E2E outlet schedule';

async function findLocation(page: Page, name: string): Promise<Location | undefined> {
  const records = await page.evaluate(async () => {
    const response = await fetch(
      '/data-svc/locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=1000',
    );
    return ((await response.json()) as SitesPage).records;
  });
  return records.find((l) => l.name === name);
}

/** A connected device's unlocked outlet on the All Outlets tab: its device, class and number. */
async function pickOutlet(page: Page, siteId: string) {
  await page.goto(`/locations/${siteId}/outlets`);
  const rows = page
    .locator('section[data-testid^="device-outlets-"]')
    .filter({ has: page.getByText('Connected', { exact: true }) })
    .locator('[data-testid^="outlet-"]')
    .filter({ has: page.getByRole('switch', { disabled: false }) });
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const testId = (await rows.first().getAttribute('data-testid')) ?? '';
  const [, devId = '', otlt = ''] = testId.split('-');
  const section = page.locator(`section[data-testid="device-outlets-${devId}"]`);
  const devClass = (await section.getAttribute('data-dev-class')) ?? '';
  return { devId, devClass, otlt: Number(otlt) };
}

describe.skipIf(!hasBrowser())('Scheduled commands and the event log', () => {
  const ui = useBrowserPage('schedules-events');

  it('a schedule made on the device tab switches its outlet live (Run now) and shows in Event Logs and the calendar', async () => {
    const { page, context } = ui;
    await ui.signInAs('owner');
    const location = await findLocation(page, LOCATION);
    expect(location).toBeDefined();
    if (!location) return;
    const { devId, devClass, otlt } = await pickOutlet(page, location.siteId);
    const device = `/locations/${location.siteId}/devices/${devId}/${devClass}`;
    // Off the All Outlets tab first: its live streams would hold the browser's six connections.
    await page.goto(`${device}/commands`);

    // A second tab watches the outlet on the device's controls.
    const watcher = await context.newPage();
    await watcher.goto(`${device}/controls`);
    const toggle = watcher.getByTestId(`outlet-${devId}-${otlt}`).getByRole('switch');
    await toggle.waitFor();
    await expect.poll(() => toggle.isDisabled(), { timeout: 15_000 }).toBe(false);
    const wasOn = await toggle.isChecked();
    const action = wasOn ? 'off' : 'on';

    await page.getByRole('button', { name: 'Add schedule' }).click();
    const form = page.getByRole('dialog', { name: 'Add schedule' });
    await form.getByLabel('Outlet 1', { exact: true }).selectOption(String(otlt));
    await form.getByLabel('Action').selectOption(action);
    await form.getByLabel('Time').fill('03:15');
    await form.getByRole('button', { name: 'Weekdays' }).click();
    await form.getByLabel('Name').fill(SCHEDULE);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ hasText: SCHEDULE });
    await row.waitFor();
    expect(await row.textContent()).toContain('Weekdays');
    expect(await row.textContent()).toContain('03:15 AM');
    await row.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run now' }).click();
    await page.getByText(/^Run now:/).waitFor({ timeout: 15_000 });

    // The watching tab sees the outlet switch without a reload.
    await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(!wasOn);

    // The location's log names the schedule as the actor, and the calendar counts the day.
    await page.goto(`/locations/${location.siteId}/events`);
    const entry = page
      .getByRole('row')
      .filter({ hasText: `Outlet ${otlt} switched ${action}` })
      .filter({ hasText: SCHEDULE })
      .first();
    await entry.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => entry.getByText('Done').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const fired = page
      .getByRole('row')
      .filter({ hasText: `Schedule “${SCHEDULE}”` })
      .first();
    await fired.waitFor();

    const time = (await entry.locator('td').first().textContent()) ?? '';
    const day = Number(time.split('/')[1]);
    const calendar = page.getByRole('group', { name: 'Events calendar' });
    const today = calendar.getByRole('button', { name: new RegExp(`^\\w+ ${day}: \\d+ events?$`) });
    const label = (await today.getAttribute('aria-label')) ?? '';
    expect(Number(/: (\d+) event/.exec(label)?.[1])).toBeGreaterThan(0);
    await today.click();
    await expect.poll(() => today.getAttribute('aria-pressed')).toBe('true');
    await entry.waitFor();
    await watcher.close();
  });
});

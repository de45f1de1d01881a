import {
  type AlertsList,
  type CommandResult,
  type DeviceList,
  type DeviceListItem,
  type DeviceStatusView,
  type EventPage,
  type Outbox,
  type SitesPage,
  getDeviceSpec,
} from '@powerdeck/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  baseUrl,
  hasBrowser,
  saveScreenshot,
  useBrowserPage,
} from './support/browser';

/** The console's API as another signed-in user (a second person, outside the browser). */
class ApiUser {
  private constructor(private readonly cookie: string) {}

  static async signIn(who: string): Promise<ApiUser> {
    const response = await fetch(`${baseUrl()}/data-svc/auth/data-svc.php?svc=login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${who}@example.com`, password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return new ApiUser(cookie);
  }

  async call<T>(path: string, form?: Record<string, string>): Promise<{ status: number; body: T }> {
    const response = await fetch(`${baseUrl()}/data-svc/${path}`, {
      method: form ? 'POST' : 'GET',
      headers: {
        cookie: this.cookie,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async devices(): Promise<DeviceListItem[]> {
    const sites = await this.call<SitesPage>(
      'locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=1000',
    );
    const all: DeviceListItem[] = [];
    for (const site of sites.body.records) {
      const list = await this.call<DeviceList>(
        `locations/dataSvc.php?svc=getDevices&siteId=${site.siteId}&pageNo=1&recordsPerPage=10000`,
      );
      all.push(...list.body.records);
    }
    return all;
  }

  private query(d: DeviceListItem) {
    return `siteId=${d.siteId}&devClass=${d.devClass}&devId=${d.devId}`;
  }

  async outletOn(d: DeviceListItem, otlt: number): Promise<boolean | undefined> {
    const { body } = await this.call<{ status: DeviceStatusView | null }>(
      `deviceView/data-svc.php?svc=status&${this.query(d)}`,
    );
    return body.status?.otlts[otlt - 1];
  }

  /** Sends a command and waits until the device has carried it out; false when it was refused. */
  async command(d: DeviceListItem, svc: string, fields: Record<string, string> = {}) {
    const sent = await this.call<CommandResult>(
      `${d.devClass}.deviceControls/data-svc.php?svc=${svc}`,
      { siteId: d.siteId, devClass: d.devClass, devId: d.devId, ...fields },
    );
    if (sent.status !== 200) return false;
    await expect
      .poll(
        async () =>
          (
            await this.call<CommandResult>(
              `deviceView/data-svc.php?svc=command&${this.query(d)}&cmdId=${sent.body.cmdId}`,
            )
          ).body.state,
        { timeout: 20_000, interval: 250 },
      )
      .toBe('done');
    return true;
  }

  async setGraceSeconds(siteId: string, seconds: number) {
    const answer = await this.call<{ offlineGraceSeconds: number }>(
      'alertsManagement/data-svc.php?svc=setAlertSettings',
      { siteId, offlineGraceSeconds: String(seconds) },
    );
    expect(answer).toEqual({ status: 200, body: { offlineGraceSeconds: seconds } });
  }
}

describe.skipIf(!hasBrowser())('alerts reach the bell live', () => {
  const ui = useBrowserPage('alerts-live');
  /** Another user working at the same time, through the API. */
  let owner: ApiUser;
  let fleet: DeviceListItem[];

  beforeAll(async () => {
    owner = await ApiUser.signIn('owner');
    fleet = await owner.devices();
  });

  /**
   * Signs the admin in and opens `path` with the live alert stream open, then counts the
   * alert-list fetches from there on: an alert shown without one came over the stream, not by
   * polling or a reload.
   */
  async function adminWatching(path: string) {
    const { page } = ui;
    let listFetches = 0;
    page.on('request', (r) => {
      if (r.url().includes('svc=enumerate')) listFetches++;
    });
    await ui.signInAs('admin');
    const streamOpen = page.waitForResponse(
      (r) => r.url().includes('/eventPuller/alertsPusher.php') && r.status() === 200,
    );
    const atLoad = listFetches;
    await page.goto(path);
    await streamOpen;
    // the list comes with the page (the server's render of it) and is fetched once more when the
    // stream opens
    await expect.poll(() => listFetches - atLoad, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const before = listFetches;
    return { fetchesSince: () => listFetches - before };
  }

  const openBell = async (page: Page) => {
    await page.getByRole('button', { name: /^Alerts/ }).click();
    await page.getByRole('tab', { name: 'Alerts' }).waitFor();
  };
  const alertItem = (page: Page, text: string) =>
    page.getByRole('list', { name: 'Alerts' }).getByText(text, { exact: true });

  it("an outlet switched off by another user is in the location's event log, not on the admin's bell", async () => {
    const { page } = ui;
    const candidates = fleet.filter(
      (d) => d.connected && !d.parentDevId && getDeviceSpec(d.devClass).outletCount > 0,
    );
    expect(candidates.length).toBeGreaterThan(0);
    await adminWatching('/locations/list');
    const admin = await ApiUser.signIn('admin');
    const since = Date.now();

    let switched: DeviceListItem | undefined;
    for (const device of candidates) {
      if ((await owner.outletOn(device, 1)) === false) {
        if (!(await owner.command(device, 'setoutletstate', { otlt: '1', state: '1' }))) continue;
      }
      if (await owner.command(device, 'setoutletstate', { otlt: '1', state: '0' })) {
        switched = device;
        break;
      }
    }
    expect(switched, 'no device let the owner switch outlet 1').toBeDefined();
    if (!switched) return;
    const device = switched;
    // the event log has the switch, by the owner (docs/alerts.md: a deliberate action is an event)
    await page.goto(`/locations/${device.siteId}/events`);
    await page.getByText('Outlet 1 switched off').first().waitFor({ timeout: 15_000 });
    const events = await admin.call<EventPage>(
      `eventLogs/data-svc.php?svc=getEvents&siteId=${device.siteId}&devId=${device.devId}&type=outlet`,
    );
    expect(
      events.body.records.some(
        (e) => e.text === 'Outlet 1 switched off' && e.time >= since && e.actor.kind === 'user',
      ),
    ).toBe(true);
    // and no one's bell: the admin's alerts name nothing about the device's outlets
    const alerts = await admin.call<AlertsList>(
      'notificationsManagement/data-svc.php?svc=enumerate&isFromWeb=true',
    );
    expect(alerts.status).toBe(200);
    expect(
      alerts.body.records.filter(
        (r) => r.devId === device.devId && /outlet \d+ turned/.test(r.msg),
      ),
    ).toEqual([]);
    await openBell(page);
    expect(await page.getByText(/outlet \d+ turned/).count()).toBe(0);
    await saveScreenshot(page, 'alerts-live-outlet-switch-is-an-event');
  });

  it('a network card that drops off raises the offline alert once the location grace period has passed', async () => {
    const { page } = ui;
    const card = fleet.find((d) => d.connected && !d.parentDevId && /^cv[23]$/.test(d.devClass));
    expect(card, 'the demo has a connected cv2/cv3 card').toBeDefined();
    if (!card) return;
    await owner.setGraceSeconds(card.siteId, 2);
    // the admin also wants this card's alerts by e-mail, at once (issue 19)
    const admin = await ApiUser.signIn('admin');
    const emailChoice = await admin.call<unknown>(
      'alertsManagement/data-svc.php?svc=setAlertEmail',
      {
        type: '0',
        devClass: card.devClass,
        devId: card.devId,
        emailMode: 'immediate',
      },
    );
    expect(emailChoice.status).toBe(200);
    try {
      const watching = await adminWatching(`/locations/${card.siteId}/settings`);
      const grace = page.getByLabel(/Offline grace period/);
      await expect.poll(() => grace.inputValue()).toBe('2');
      await grace.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'alerts-live-grace-period-section');
      await openBell(page);

      // a reboot drops the card's link the way a pulled cable does, for several seconds
      expect(await owner.command(card, 'reboot')).toBe(true);
      const name = card.devName || card.devId;
      await alertItem(page, `${name} is offline.`).first().waitFor({ timeout: 20_000 });
      expect(watching.fetchesSince()).toBe(0);
      await alertItem(page, `${name} is back online.`).first().waitFor({ timeout: 30_000 });
      await saveScreenshot(page, 'alerts-live-bell-offline');

      // the offline alert came by e-mail too (the demo's outbox), and its link opens the device
      const mailed = async () => {
        const { body } = await admin.call<Outbox>('auth/data-svc.php?svc=outbox');
        return body.messages.find(
          (m) => m.to === 'admin@example.com' && m.subject.includes(`${name} is offline.`),
        );
      };
      await expect.poll(mailed, { timeout: 20_000, interval: 500 }).toBeDefined();
      const link = (await mailed())?.text.match(/https?:\/\/\S+\/locations\/\S+/)?.[0];
      expect(link, 'the mail links to the device').toBeDefined();
      await page.goto(new URL(link ?? '').pathname);
      await page.waitForURL(`**/${card.devId}/${card.devClass}/controls`);
      await page.getByText(card.devId, { exact: false }).first().waitFor();
    } finally {
      await owner.setGraceSeconds(card.siteId, 60);
      await admin.call('alertsManagement/data-svc.php?svc=setAlertEmail', {
        type: '0',
        devClass: card.devClass,
        devId: card.devId,
        emailMode: 'off',
      });
    }
  });
});

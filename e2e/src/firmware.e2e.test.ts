import {
  FIRMWARE_PHASES,
  type DevicesFirmwareInfo,
  type FirmwarePhase,
  type SitesPage,
} from '@powerdeck/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserPage } from './support/browser';
import { FAILING_UPGRADE } from './support/demo-faults';

/** A location no other browser test changes; its devices run 2.4.1 or older. */
const LOCATION = 'Redwood Conference Center';
/** A whole upgrade with the simulator's realistic timing takes about 15 s. */
const UPGRADE_MS = 45_000;

async function siteIdOf(page: Page, name: string): Promise<string> {
  const response = await page.request.get(
    '/data-svc/locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=all',
  );
  const { records } = (await response.json()) as SitesPage;
  const site = records.find((r) => r.name === name);
  if (!site) throw new Error(`no demo location ${name}`);
  return site.siteId;
}

async function firmwareInfo(page: Page, siteId: string): Promise<DevicesFirmwareInfo> {
  const response = await page.request.get(
    `/data-svc/firmwareUpgrade/data-svc.php?svc=getDevicesFirmwareInfo&siteId=${siteId}`,
  );
  return (await response.json()) as DevicesFirmwareInfo;
}

/**
 * Records, in the page, each phase the stepper shows as it changes (the step in progress or
 * failed, or 'done' once every step is), so a phase shown for a moment is not missed.
 */
async function recordPhases(page: Page): Promise<() => Promise<FirmwarePhase[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const read = () => {
      const steps = [...document.querySelectorAll('[aria-label="Upgrade phases"] li')];
      if (steps.length === 0) return;
      const at = steps.find((li) => li.getAttribute('aria-current') === 'step');
      const phase = at
        ? `${at.getAttribute('data-phase')}${at.getAttribute('data-state') === 'failed' ? ':failed' : ''}`
        : steps.every((li) => li.getAttribute('data-state') === 'done')
          ? 'done'
          : undefined;
      if (phase !== undefined && seen.at(-1) !== phase) seen.push(phase);
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
    });
    (window as unknown as { firmwarePhases: string[] }).firmwarePhases = seen;
  });
  return () =>
    page.evaluate(() => (window as unknown as { firmwarePhases: FirmwarePhase[] }).firmwarePhases);
}

describe.skipIf(!hasBrowser())('Firmware', () => {
  const ui = useBrowserPage('firmware');

  it('upgrades a demo device live through its phases to done, and its version follows', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const siteId = await siteIdOf(page, LOCATION);
    const device = (await firmwareInfo(page, siteId)).records.find(
      (r) => r.updateAvailable && r.parentDevId === null,
    );
    expect(device).toBeDefined();
    if (!device?.latestVersion) return;

    await page.goto(
      `/locations/${siteId}/devices/${device.devId}/${device.devClass}/admin/firmware`,
    );
    const current = page.getByRole('group', { name: 'Current version' });
    await current.getByText(device.fwVer ?? '').waitFor();
    const phases = await recordPhases(page);

    await page.getByRole('button', { name: 'Update Firmware' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Firmware' });
    expect(await dialog.textContent()).toContain(
      `Update the firmware of ${device.devName} from ${device.fwVer} to ${device.latestVersion}?`,
    );
    await dialog.getByRole('button', { name: 'Update' }).click();

    await page
      .getByText(`The device runs firmware ${device.latestVersion}.`)
      .waitFor({ timeout: UPGRADE_MS });
    await current.getByText(device.latestVersion).waitFor();
    await page.getByText('This device runs the latest firmware.').waitFor();
    const history = page.getByRole('table', { name: 'Firmware upgrades' });
    expect(await history.getByRole('row').nth(1).textContent()).toContain(
      `${device.fwVer} → ${device.latestVersion}Done`,
    );

    // The phases came one after another, in their order, live.
    const seen = await phases();
    expect(seen.at(-1)).toBe('done');
    expect(seen).toContain('downloading');
    const order = seen.map((phase) => FIRMWARE_PHASES.indexOf(phase));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(seen.length).toBeGreaterThanOrEqual(4);
  });

  it('a failed upgrade shows where it stopped and its reason in the spec’s words', async () => {
    const { page } = ui;
    await ui.signInAs('owner');
    const siteId = await siteIdOf(page, FAILING_UPGRADE.location);
    const device = (await firmwareInfo(page, siteId)).records.find(
      (r) => r.devId === FAILING_UPGRADE.devId,
    );
    expect(device?.updateAvailable).toBe(true);
    if (!device) return;

    await page.goto(
      `/locations/${siteId}/devices/${device.devId}/${device.devClass}/admin/firmware`,
    );
    const current = page.getByRole('group', { name: 'Current version' });
    await current.getByText(device.fwVer ?? '').waitFor();
    const phases = await recordPhases(page);
    await page.getByRole('button', { name: 'Update Firmware' }).click();
    await page
      .getByRole('dialog', { name: 'Update Firmware' })
      .getByRole('button', { name: 'Update' })
      .click();

    const failure = page.getByRole('alert').filter({ hasText: 'Upgrade failed' });
    await failure.waitFor({ timeout: UPGRADE_MS });
    expect(await failure.textContent()).toContain(FAILING_UPGRADE.reasonText);
    // The image was downloaded; the device found it corrupted when it checked it.
    expect((await phases()).at(-1)).toBe('verifying:failed');
    const history = page.getByRole('table', { name: 'Firmware upgrades' });
    expect(await history.getByRole('row').nth(1).textContent()).toContain(
      `Failed: ${FAILING_UPGRADE.reasonText}`,
    );
    // The device keeps its version and may be updated again.
    expect(await current.textContent()).toContain(device.fwVer);
    expect(await page.getByRole('button', { name: 'Update Firmware' }).isEnabled()).toBe(true);
  });
});

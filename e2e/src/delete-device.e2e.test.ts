import { beforeEach, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserPage } from './support/browser';

/** A demo device waiting to be claimed, as printed in the start banner (its label's MAC and key). */
const DEVICE = {
  devId: '1065A3C0DE05',
  devClass: 'c3ip',
  mac: ['C0', 'DE', '05'],
  key: ['B8LV', '5KPZ', '2GQM'],
};

describe.skipIf(!hasBrowser())('delete a device and add it back', () => {
  const ui = useBrowserPage('delete-device');
  beforeEach(async () => {
    await ui.signInAs('owner');
  });

  it('deletes a device typing its name, then adds it back with its MAC and claim key', async () => {
    const { page } = ui;
    // The device is at the Integrator Showroom first (claimed as the Add a Device form would).
    const sites = await page.request.get(
      '/data-svc/locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=all',
    );
    const { records } = (await sites.json()) as {
      records: { siteId: string; name: string }[];
    };
    const siteId = records.find((r) => r.name === 'Integrator Showroom')?.siteId ?? '';
    const claimed = await page.request.post(
      `/data-svc/devices/dataSvc.php?svc=addNewDevice&siteId=${siteId}`,
      { data: { devId: DEVICE.devId, claimKey: DEVICE.key.join('') } },
    );
    expect(claimed.status()).toBe(200);
    const { devName } = (await claimed.json()) as { devName: string };

    await page.goto(`/locations/${siteId}/devices/${DEVICE.devId}/${DEVICE.devClass}/admin/delete`);
    await page.getByRole('heading', { name: 'Delete Device' }).waitFor();
    const confirm = page.getByRole('button', { name: 'Delete Device' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: /Type the device name/ }).fill(devName);
    await confirm.click();

    await page.waitForURL(new RegExp(`/locations/${siteId}/devices$`));
    await page.getByText(`${devName} was deleted from the location.`).waitFor();
    await page.getByRole('heading', { name: 'Integrator Showroom' }).waitFor();
    await page.getByText(DEVICE.devId).waitFor({ state: 'detached' });

    // Its claim was released: the Add a Device form takes it again.
    await page.getByRole('button', { name: 'Location menu' }).click();
    await page.getByRole('menuitem', { name: 'Add a Device' }).click();
    await page.getByRole('dialog', { name: 'Add a New Device' }).waitFor();
    const macBoxes = page.getByRole('group', { name: 'MAC ID' }).getByRole('textbox');
    await macBoxes.nth(3).click();
    await page.keyboard.type(DEVICE.mac.join(''));
    const keyBoxes = page.getByRole('group', { name: 'Challenge key' }).getByRole('textbox');
    await keyBoxes.nth(0).click();
    await page.keyboard.type(DEVICE.key.join(''));
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('New device has been added successfuly').waitFor();
    await page.getByText(DEVICE.devId).first().waitFor();
  });
});

import type { DeletedDevice } from '@powerdeck/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildKid, buildMeta, SITE, stubDeviceApi } from '../../../test/devices';
import { renderRoute, signedInUser, urlOf } from '../../../test/render';
import { deletedToast } from './device-delete-page';

const deletePath = (meta: { devId: string; devClass: string }) =>
  `/locations/${SITE}/devices/${meta.devId}/${meta.devClass}/admin/delete`;

const deleted = (overrides: Partial<DeletedDevice> = {}): DeletedDevice => ({
  devId: 'AA0000000001',
  devClass: 'm4315',
  devName: 'Rack M4315',
  siteId: SITE,
  kids: [],
  schedules: { deleted: 0, edited: 0 },
  ...overrides,
});

describe('Delete Device', () => {
  it('names the device and deletes it once its name is typed, then opens the location with a toast', async () => {
    const meta = buildMeta();
    const { fetchMock } = stubDeviceApi({
      meta,
      extra: {
        'devices:deleteDevice': { body: deleted({ schedules: { deleted: 1, edited: 2 } }) },
      },
    });
    const { router } = renderRoute(deletePath(meta));
    expect(await screen.findByRole('heading', { name: 'Delete Device' })).toBeInTheDocument();
    expect(screen.getByText(/M4315 power conditioner, MAC ID AA0000000001/)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Delete Device' });
    const input = screen.getByRole('textbox', { name: /Type the device name, Rack M4315/ });
    expect(button).toBeDisabled();
    await userEvent.type(input, 'Rack M431');
    expect(button).toBeDisabled();
    await userEvent.type(input, '5');
    expect(button).toBeEnabled();
    await userEvent.click(button);

    expect(
      await screen.findByText(
        'Rack M4315 was deleted from the location. 1 schedule that only targeted it was deleted; 2 schedules no longer target it.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe(`/locations/${SITE}/devices`));
    const post = fetchMock.mock.calls.find(([url]) => urlOf(url).includes('svc=deleteDevice'));
    expect(post?.[1]?.method).toBe('POST');
    expect(post?.[1]?.body).toBe(`siteId=${SITE}&devId=AA0000000001&devClass=m4315`);
  });

  it('is off for an INSTALLER, with the reason', async () => {
    const meta = buildMeta({ permLvl: 'INSTALLER' });
    stubDeviceApi({ meta });
    renderRoute(deletePath(meta));
    expect(
      await screen.findByText('Only an ADMIN or owner of this location can delete its devices.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Device' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Type the device name/ })).toBeDisabled();
  });

  it('the SUPPORT tier may delete at any level', async () => {
    const meta = buildMeta({ permLvl: 'INSTALLER' });
    stubDeviceApi({ meta, user: { ...signedInUser, tier: 'SUPPORT' } });
    renderRoute(deletePath(meta));
    const input = await screen.findByRole('textbox', { name: /Type the device name/ });
    await userEvent.type(input, 'Rack M4315');
    expect(screen.getByRole('button', { name: 'Delete Device' })).toBeEnabled();
  });

  it('says so when attached devices left with it', () => {
    expect(deletedToast(deleted({ devName: 'Card', kids: ['K1', 'K2'] }))).toBe(
      'Card and the 2 devices attached to it were deleted from the location.',
    );
    expect(deletedToast(deleted({ devName: 'Card', kids: ['K1'] }))).toBe(
      'Card and the device attached to it were deleted from the location.',
    );
  });

  it('lists the attached devices that leave with it, and shows the server’s refusal', async () => {
    const meta = buildMeta({ devClass: 'cv2', devName: 'Card', outlets: [], kids: [buildKid()] });
    stubDeviceApi({
      meta,
      extra: {
        'devices:deleteDevice': {
          status: 403,
          body: { error: 'Only an ADMIN or owner of this location can delete its devices.' },
        },
      },
    });
    renderRoute(deletePath(meta));
    expect(
      await screen.findByText('The devices attached to it leave with it: UPS on card.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Type the device name/ }), 'Card');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only an ADMIN or owner of this location can delete its devices.',
    );
  });

  it('a device attached to another is deleted with that one', async () => {
    const meta = buildMeta({ devClass: 'km4315', parentDevId: 'CC0000000003' });
    stubDeviceApi({ meta });
    renderRoute(deletePath(meta));
    expect(
      await screen.findByText(/This device is attached to another device/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Device' })).toBeDisabled();
  });
});

describe('a device that left its location', () => {
  it('an open panel shows the device was deleted when its stream says so, with a way back', async () => {
    const meta = buildMeta();
    const { events } = stubDeviceApi({ meta });
    const { router } = renderRoute(
      `/locations/${SITE}/devices/${meta.devId}/${meta.devClass}/controls`,
    );
    await screen.findByRole('heading', { name: 'Rack M4315' });
    events.push({ type: 'device', devId: meta.devId, change: 'removed' });
    expect(
      await screen.findByText('This device was deleted from this location'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rack M4315' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the location' }));
    await waitFor(() => expect(router.location.pathname).toBe(`/locations/${SITE}/devices`));
  });
});

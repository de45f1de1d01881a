import type { DeviceListItem, DeviceWatchedMuted, PermLvl } from '@powerdeck/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { buildLocationSettings } from '../../../test/locations';
import { publicConfig, renderRoute, signedInUser, stubApi, urlOf } from '../../../test/render';
import {
  buildKid,
  buildMeta,
  controlsPath,
  SITE,
  stubDeviceApi,
  type DeviceApi,
} from '../../../test/devices';

/** The first render loads the lazy route chunk, slow when the machine is busy. */
const FIRST_RENDER = { timeout: 15_000 };

const flags = (...records: DeviceWatchedMuted['records']): DeviceWatchedMuted => ({ records });

/** What each call of `svc` sent: its query and its form body together. */
function sentTo(fetchMock: ReturnType<typeof stubApi>, svc: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(urlOf(input), 'http://localhost').searchParams.get('svc') === svc)
    .map(([input, init]) => {
      const params = new URL(urlOf(input), 'http://localhost').searchParams;
      if (typeof init?.body === 'string') {
        for (const [k, v] of new URLSearchParams(init.body)) params.append(k, v);
      }
      return params;
    });
}

/** The device panel, its watch/mute state from getDeviceWatchedMutedDetails. */
function renderPanel(meta = buildMeta(), extra: DeviceApi['extra'] = {}) {
  const { fetchMock } = stubDeviceApi({
    meta,
    extra: {
      getDeviceWatchedMutedDetails: {
        body: flags({ devId: meta.devId, watched: false, muted: false }),
      },
      ...extra,
    },
  });
  renderRoute(controlsPath(meta));
  return { fetchMock, calls: (svc: string) => sentTo(fetchMock, svc) };
}

const card = async () =>
  within(await screen.findByRole('region', { name: 'Device card' }, FIRST_RENDER));

// Toasts live in a module-wide store: one test's toast must not answer the next one's query.
afterEach(() => notifications.clean());

describe('device watch and mute', () => {
  it('watches a device from its panel: toast, and the eye flips', async () => {
    let watched = false;
    const meta = buildMeta();
    const { calls } = renderPanel(meta, {
      getDeviceWatchedMutedDetails: () => ({
        body: flags({ devId: meta.devId, watched, muted: false }),
      }),
      addDevice: () => {
        watched = true;
        return { body: { devId: meta.devId, watched: true } };
      },
    });
    const eye = (await card()).getByRole('button', { name: 'Add to Watchlist' });
    await waitFor(() => expect(eye).toHaveAttribute('aria-disabled', 'false'));
    expect(eye).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(eye);
    expect(await screen.findByText('Device added to Watchlist')).toBeInTheDocument();
    const pressed = (await card()).getByRole('button', { name: 'Remove from Watchlist' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(calls('addDevice').map((p) => p.get('devId'))).toEqual([meta.devId]);
  });

  it('says a failed unwatch in words', async () => {
    const meta = buildMeta();
    renderPanel(meta, {
      getDeviceWatchedMutedDetails: {
        body: flags({ devId: meta.devId, watched: true, muted: false }),
      },
      deleteDevice: { status: 500, body: { error: 'x' } },
    });
    const eye = await (await card()).findByRole('button', { name: 'Remove from Watchlist' });
    await waitFor(() => expect(eye).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(eye);
    expect(await screen.findByText('Device cant be removed from Watchlist')).toBeInTheDocument();
    expect(eye).toHaveAttribute('aria-pressed', 'true');
  });

  it("refuses a second click while the mute runs: 'Please try after few seconds.'", async () => {
    const meta = buildMeta();
    let muted = false;
    const { fetchMock, calls } = renderPanel(meta, {
      getDeviceWatchedMutedDetails: () => ({
        body: flags({ devId: meta.devId, watched: false, muted }),
      }),
    });
    let release: (r: Response) => void = () => undefined;
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) =>
      urlOf(input).includes('svc=muteDevice')
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : (original?.(input, init) ?? Promise.reject(new Error('no stub'))),
    );
    const bell = (await card()).getByRole('button', { name: 'Mute Notifications' });
    await waitFor(() => expect(bell).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(bell);
    await waitFor(() => expect(bell).toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(bell);
    expect(await screen.findByText('Please try after few seconds.')).toBeInTheDocument();
    expect(calls('muteDevice')).toHaveLength(1);
    await act(async () => {
      muted = true;
      release(new Response(JSON.stringify({ devId: meta.devId, muted: true }), { status: 200 }));
      await Promise.resolve();
    });
    expect(await screen.findByText('Notifications muted successfully')).toBeInTheDocument();
    expect((await card()).getByRole('button', { name: 'Unmute Notifications' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it.each<PermLvl>(['CLIENT', 'INSTALLER'])(
    'ignores the bell for %s: no request, no toast; the eye still works',
    async (permLvl) => {
      const meta = buildMeta({ permLvl });
      const { calls } = renderPanel(meta, {
        addDevice: { body: { devId: meta.devId, watched: true } },
      });
      const eye = (await card()).getByRole('button', { name: 'Add to Watchlist' });
      await waitFor(() => expect(eye).toHaveAttribute('aria-disabled', 'false'));
      const bell = (await card()).getByRole('button', { name: 'Mute Notifications' });
      expect(bell).toHaveAttribute('aria-disabled', 'true');
      await userEvent.click(bell);
      expect(calls('muteDevice')).toHaveLength(0);
      expect(screen.queryByText('Notifications can not be muted')).not.toBeInTheDocument();
      expect(screen.queryByText('Notifications muted successfully')).not.toBeInTheDocument();
      await userEvent.click(eye);
      expect(await screen.findByText('Device added to Watchlist')).toBeInTheDocument();
    },
  );

  it('mutes a kid from its card, naming the parent (parentDevId)', async () => {
    const kid = buildKid();
    const meta = buildMeta({ devClass: 'cv3', kids: [kid] });
    const { calls } = renderPanel(meta, {
      getDeviceWatchedMutedDetails: {
        body: flags(
          { devId: meta.devId, watched: false, muted: false },
          { devId: kid.devId, watched: false, muted: false },
        ),
      },
      muteDevice: { body: { devId: kid.devId, muted: true } },
    });
    const bells = await screen.findAllByRole(
      'button',
      { name: 'Mute Notifications' },
      FIRST_RENDER,
    );
    expect(bells).toHaveLength(2);
    const kidBell = bells[1] as HTMLElement;
    await waitFor(() => expect(kidBell).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(kidBell);
    expect(await screen.findByText('Notifications muted successfully')).toBeInTheDocument();
    const [sent] = calls('muteDevice');
    expect(sent?.get('devId')).toBe(kid.devId);
    expect(sent?.get('parentDevId')).toBe(meta.devId);
    expect(sent?.get('siteId')).toBe(meta.siteId);
  });
});

function listItem(overrides: Partial<DeviceListItem>): DeviceListItem {
  return {
    siteId: SITE,
    devId: 'AA0000000001',
    devClass: 'm4315',
    devName: 'Rack M4315',
    fwVer: null,
    parentDevId: null,
    connected: true,
    kids: 0,
    watched: false,
    muted: false,
    lastContact: null,
    ...overrides,
  };
}

describe('All Devices rows', () => {
  it('show each device with the state of getDeviceWatchedMutedDetails and toggle it', async () => {
    const parent = listItem({ devId: 'AA0000000001', devName: 'Rack', kids: 1 });
    const kid = listItem({
      devId: 'BB0000000002',
      devName: 'Card UPS',
      devClass: 'kf1500',
      parentDevId: parent.devId,
    });
    let kidMuted = true;
    const fetchMock = stubApi({
      public: { body: publicConfig },
      session: { body: { user: signedInUser } },
      getUserSitesData: { body: { records: [{ siteId: SITE, name: 'HQ', permLvl: 'owner' }] } },
      settings: { body: buildLocationSettings({}, { siteId: SITE }) },
      visitSite: { body: { siteId: SITE } },
      enumerate: { body: { records: [], unread: 0 } },
      getDevices: { body: { records: [parent, kid], totalRecords: 2 } },
      getDeviceWatchedMutedDetails: () => ({
        body: flags(
          { devId: parent.devId, watched: true, muted: false },
          { devId: kid.devId, watched: false, muted: kidMuted },
        ),
      }),
      unmuteDevice: () => {
        kidMuted = false;
        return { body: { devId: kid.devId, muted: false } };
      },
    });
    renderRoute(`/locations/${SITE}/devices`);
    const table = await screen.findByRole('table', { name: 'All Devices' }, FIRST_RENDER);
    const rowOf = (name: string) => {
      const row = within(table).getByRole('link', { name }).closest('tr');
      if (!row) throw new Error(`no row for ${name}`);
      return within(row);
    };
    await waitFor(() =>
      expect(rowOf('Rack').getByRole('button', { name: 'Remove from Watchlist' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    const kidBell = rowOf('Card UPS').getByRole('button', { name: 'Unmute Notifications' });
    await waitFor(() => expect(kidBell).toHaveAttribute('aria-disabled', 'false'));
    // one call for the location, shared by every row
    expect(sentTo(fetchMock, 'getDeviceWatchedMutedDetails')).toHaveLength(1);
    await userEvent.click(kidBell);
    expect(await screen.findByText('Notifications unmuted successfully')).toBeInTheDocument();
    expect(rowOf('Card UPS').getByRole('button', { name: 'Mute Notifications' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const [sent] = sentTo(fetchMock, 'unmuteDevice');
    expect(sent?.get('devId')).toBe(kid.devId);
    expect(sent?.get('parentDevId')).toBe(parent.devId);
  });
});

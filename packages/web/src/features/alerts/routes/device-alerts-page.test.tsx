import type { DeviceAlerts } from '@powerdeck/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildKid, buildMeta, SITE, stubDeviceApi } from '../../../test/devices';
import { urlOf, renderRoute } from '../../../test/render';

const alertsPath = (meta: { devId: string; devClass: string }) =>
  `/locations/${SITE}/devices/${meta.devId}/${meta.devClass}/alerts`;

function answer(overrides: Partial<DeviceAlerts> = {}): DeviceAlerts {
  return {
    siteId: SITE,
    receivesAlerts: true,
    devices: [
      {
        devId: 'AA0000000001',
        devClass: 'm4315',
        devName: 'Rack M4315',
        alerts: [
          { kind: 'offline', subscribed: true },
          { kind: 'online', subscribed: true },
          { kind: 'power', subscribed: true },
          { kind: 'fault', subscribed: true },
          { kind: 'outlet', subscribed: true },
          { kind: 'command', subscribed: false },
        ],
        email: { emailMode: 'off', digestMinutes: 60 },
      },
    ],
    muted: false,
    locationMuted: false,
    offlineGraceSeconds: 120,
    ...overrides,
  };
}

describe('Manage Alerts', () => {
  it('shows each kind the device raises with its state, and turns one off for the next alert', async () => {
    const meta = buildMeta();
    let current = answer();
    const { fetchMock } = stubDeviceApi({
      meta,
      extra: {
        enumerate: { body: { records: [], unread: 0 } },
        getDeviceAlerts: () => ({ body: current }),
        unsubscribe: () => {
          current = answer();
          const alerts = current.devices[0]?.alerts ?? [];
          current.devices[0] = {
            ...(current.devices[0] as DeviceAlerts['devices'][number]),
            alerts: alerts.map((a) => (a.kind === 'outlet' ? { ...a, subscribed: false } : a)),
          };
          return { body: { ok: true } };
        },
      },
    });
    renderRoute(alertsPath(meta));
    const section = await screen.findByRole('region', { name: 'Rack M4315' });
    expect(within(section).getAllByRole('switch')).toHaveLength(6);
    expect(
      screen.getByText(/longer than the location’s grace period \(2 minutes\)/),
    ).toBeInTheDocument();
    const outlet = within(section).getByRole('switch', { name: /^Outlet switched/ });
    expect(outlet).toBeChecked();
    expect(within(section).getByRole('switch', { name: /^Command failed/ })).not.toBeChecked();
    expect(within(section).queryByRole('switch', { name: /^Battery low/ })).toBeNull();

    await userEvent.click(outlet);
    expect(await screen.findByText('Unsubscribed from alert successfully.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).getByRole('switch', { name: /^Outlet switched/ })).not.toBeChecked(),
    );
    const call = fetchMock.mock.calls.find(([url]) => urlOf(url).includes('svc=unsubscribe'));
    expect(urlOf(call?.[0] ?? '')).toContain(
      'type=0&devClass=m4315&devId=AA0000000001&kind=outlet',
    );
  });

  it('chooses whether the alerts also come by e-mail: a digest every 15 minutes', async () => {
    const meta = buildMeta();
    let current = answer();
    const { fetchMock } = stubDeviceApi({
      meta,
      extra: {
        enumerate: { body: { records: [], unread: 0 } },
        getDeviceAlerts: () => ({ body: current }),
        setAlertEmail: () => {
          const [device] = answer().devices;
          if (device)
            current = answer({
              devices: [{ ...device, email: { emailMode: 'digest', digestMinutes: 15 } }],
            });
          return { body: { ok: true } };
        },
      },
    });
    renderRoute(alertsPath(meta));
    const section = await screen.findByRole('region', { name: 'By e-mail' });
    const select = within(section).getByRole('combobox', { name: 'E-mail' });
    expect(select).toHaveValue('off');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'No e-mail',
      'E-mail immediately',
      'E-mail digest every 15 minutes',
      'E-mail digest every hour',
      'E-mail digest every 4 hours',
    ]);
    await userEvent.selectOptions(select, 'digest:15');
    expect(await screen.findByText('E-mail choice saved.')).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('digest:15'));
    const call = fetchMock.mock.calls.find(([url]) => urlOf(url).includes('svc=setAlertEmail'));
    expect(call?.[1]?.body).toBe(
      'type=0&devClass=m4315&devId=AA0000000001&emailMode=digest&digestMinutes=15',
    );
  });

  it('an e-mail choice the server refuses is said, and the choice shown stays', async () => {
    const meta = buildMeta();
    stubDeviceApi({
      meta,
      extra: {
        enumerate: { body: { records: [], unread: 0 } },
        getDeviceAlerts: { body: answer() },
        setAlertEmail: { status: 404, body: { error: 'Device not found.' } },
      },
    });
    renderRoute(alertsPath(meta));
    const select = await screen.findByRole('combobox', { name: 'E-mail' });
    await userEvent.selectOptions(select, 'immediate');
    expect(
      await screen.findByText('The e-mail choice could not be saved. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('off'));
  });

  it('lists the attached devices’ alerts too, and mutes the device for an owner', async () => {
    const kid = buildKid();
    const meta = buildMeta({ devClass: 'cv2', devName: 'Card', outlets: [], kids: [kid] });
    const { fetchMock } = stubDeviceApi({
      meta,
      extra: {
        enumerate: { body: { records: [], unread: 0 } },
        getDeviceAlerts: {
          body: answer({
            devices: [
              {
                devId: meta.devId,
                devClass: 'cv2',
                devName: 'Card',
                alerts: [{ kind: 'offline', subscribed: true }],
                email: { emailMode: 'immediate', digestMinutes: 60 },
              },
              {
                devId: kid.devId,
                devClass: 'kf1500',
                devName: 'UPS on card',
                alerts: [{ kind: 'battery', subscribed: true }],
                email: { emailMode: 'digest', digestMinutes: 240 },
              },
            ],
          }),
        },
        muteDevice: { body: { devId: meta.devId, muted: true } },
      },
    });
    renderRoute(alertsPath(meta));
    const table = await screen.findByRole('table', {
      name: 'Alerts of the device and the devices attached to it',
    });
    expect(within(table).getByRole('switch', { name: 'Battery low: UPS on card' })).toBeChecked();
    expect(within(table).getByRole('switch', { name: 'Goes offline: Card' })).toBeChecked();
    // the card raises no battery alerts, the unit on it no offline ones (this answer says)
    expect(within(table).queryByRole('switch', { name: 'Battery low: Card' })).toBeNull();
    expect(within(table).getAllByLabelText('Not raised by this device')).toHaveLength(2);
    // an e-mail choice per device, the attached one too
    expect(screen.getByRole('combobox', { name: 'E-mail: Card' })).toHaveValue('immediate');
    expect(screen.getByRole('combobox', { name: 'E-mail: UPS on card' })).toHaveValue('digest:240');
    await userEvent.click(
      screen.getByRole('switch', { name: /^Mute notifications for this device/ }),
    );
    expect(await screen.findByText('Notifications muted successfully')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => urlOf(url).includes('svc=muteDevice'));
    expect(call?.[1]?.body).toBe(`siteId=${SITE}&devId=${meta.devId}`);
  });

  it('a CLIENT cannot mute; a muted location and a SUPPORT user without a level are told', async () => {
    const meta = buildMeta({ permLvl: 'CLIENT' });
    stubDeviceApi({
      meta,
      extra: {
        enumerate: { body: { records: [], unread: 0 } },
        getDeviceAlerts: {
          body: answer({ receivesAlerts: false, locationMuted: true, muted: false }),
        },
      },
    });
    renderRoute(alertsPath(meta));
    const mute = await screen.findByRole('switch', { name: /^Mute notifications for this device/ });
    expect(mute).toBeDisabled();
    expect(screen.getByText('CLIENT and INSTALLER cannot mute notifications.')).toBeInTheDocument();
    expect(screen.getByText(/Notifications for this location are muted/)).toBeInTheDocument();
    expect(screen.getByText(/You hold no level of your own at this location/)).toBeInTheDocument();
  });
});

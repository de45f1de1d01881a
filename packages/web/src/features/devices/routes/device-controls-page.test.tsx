import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute, urlOf } from '../../../test/render';
import {
  buildKid,
  buildMeta,
  buildOutlets,
  buildStatus,
  controlsPath,
  staleContact,
  stubDeviceApi,
} from '../../../test/devices';

const ON8 = Array.from({ length: 8 }, () => true);

async function outletSwitch(n: number) {
  return screen.findByRole('switch', { name: `Outlet ${n} power` });
}

/** A button once it can be clicked: the device panel's controls wait for the device's status. */
async function enabledButton(name: string) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('Device Controls', () => {
  it('shows the device card, meter with spec precision and the outlet rows', async () => {
    const meta = buildMeta();
    stubDeviceApi({ meta, status: { [meta.devId]: buildStatus(ON8) } });
    renderRoute(controlsPath(meta));
    expect(await screen.findByRole('heading', { name: 'Rack M4315' })).toBeInTheDocument();
    expect(screen.getByText('MAC ID:', { exact: false })).toBeInTheDocument();
    expect(await screen.findByText('120.4')).toBeInTheDocument();
    expect(screen.getByText('1.23')).toBeInTheDocument();
    expect(screen.getByText('148.3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Outlet Controls' })).toBeInTheDocument();
    expect(await outletSwitch(8)).toBeChecked();
  });

  it('toggle is disabled when the outlet is locked, but its cycle is not', async () => {
    const meta = buildMeta({ outlets: buildOutlets(8, [{ locked: true }]) });
    stubDeviceApi({ meta, status: { [meta.devId]: buildStatus(ON8) } });
    renderRoute(controlsPath(meta));
    // outlet 2 is enabled once the device's status is in: outlet 1 stays disabled, being locked
    await waitFor(async () => expect(await outletSwitch(2)).toBeEnabled());
    expect(await outletSwitch(1)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cycle outlet 1' })).toBeEnabled();
    expect(screen.getByRole('img', { name: 'Locked' })).toBeInTheDocument();
  });

  it('toggle is disabled when the location is locked', async () => {
    const meta = buildMeta({ locationLocked: true });
    stubDeviceApi({ meta, status: { [meta.devId]: buildStatus(ON8) } });
    renderRoute(controlsPath(meta));
    await screen.findByText('120.4');
    expect(await outletSwitch(3)).toBeDisabled();
  });

  it('a disconnected device is inactive: toggles and cycles disabled, outlets shown off', async () => {
    const meta = buildMeta();
    stubDeviceApi({
      meta,
      status: { [meta.devId]: buildStatus(ON8) },
      contact: { [meta.devId]: staleContact() },
    });
    renderRoute(controlsPath(meta));
    expect(await screen.findByText('This device is currently inactive.')).toBeInTheDocument();
    expect(await outletSwitch(1)).toBeDisabled();
    expect(await outletSwitch(1)).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Cycle outlet 1' })).toBeDisabled();
  });

  it('CLIENT sees rename and edit outlets disabled', async () => {
    const meta = buildMeta({ permLvl: 'CLIENT' });
    stubDeviceApi({ meta, status: { [meta.devId]: buildStatus(ON8) } });
    renderRoute(controlsPath(meta));
    expect(await screen.findByRole('button', { name: 'Edit Device Name' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit Outlets' })).toBeDisabled();
  });

  it('shows banked labels and highlights a row matching the search keyword', async () => {
    const kid = buildKid({
      info: {
        name: 'UPS on card',
        otlts: buildOutlets(4, [{ name1: 'Bank A', name2: 'Router', name3: 'Modem' }]),
      },
    });
    const meta = buildMeta({ devClass: 'cv2', outlets: [], kids: [kid] });
    stubDeviceApi({
      meta,
      status: { [kid.devId]: buildStatus([true, true, false, false], { battlevel: 0.87 }) },
    });
    renderRoute(controlsPath(meta, '?keyword=rout'));
    const row = await screen.findByTestId(`outlet-${kid.devId}-1`);
    expect(within(row).getByText('Bank A')).toBeInTheDocument();
    expect(within(row).getByText('Modem')).toBeInTheDocument();
    expect(row).toHaveAttribute('data-highlighted', 'true');
    expect(screen.getByTestId(`outlet-${kid.devId}-2`)).not.toHaveAttribute('data-highlighted');
    expect(await screen.findByText('87%')).toBeInTheDocument();
    expect(screen.getByText('SN: BB0000000002', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Info' })).toBeInTheDocument();
  });

  it('shows each outlet command state: sent, then failed with the reason and a toast', async () => {
    const meta = buildMeta();
    const { events, fetchMock } = stubDeviceApi({
      meta,
      status: { [meta.devId]: buildStatus(ON8) },
      extra: { setoutletstate: { body: { cmdId: 'c1', state: 'sent' } } },
    });
    renderRoute(controlsPath(meta));
    await screen.findByText('120.4');
    await userEvent.click(await outletSwitch(2));
    const row = screen.getByTestId(`outlet-${meta.devId}-2`);
    expect(await within(row).findByText('Switch: sent')).toBeInTheDocument();
    expect(within(row).getByText('In progress')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => urlOf(url).includes('setoutletstate'));
    expect(post && urlOf(post[0])).toContain('/data-svc/m4315.deviceControls/data-svc.php');
    // the spec's form fields, `svc` among them (spec §7 control POSTs)
    expect(post?.[1]?.body).toBe(
      `siteId=${meta.siteId}&devClass=m4315&devId=${meta.devId}&svc=setoutletstate&otlt=2&state=0`,
    );
    events.push({
      type: 'command',
      devId: meta.devId,
      cmdId: 'c1',
      svc: 'setOutlet',
      otlt: 2,
      state: 'failed',
      error: 'outlet-locked',
    });
    expect(
      await within(row).findByText('Switch: failed (outlet-locked)', {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(within(row).queryByText('In progress')).not.toBeInTheDocument();
    expect(await screen.findByText('failed to execute command.')).toBeInTheDocument();
  });

  it('renames the device: Save waits for a valid change, success closes with a toast', async () => {
    const meta = buildMeta();
    stubDeviceApi({
      meta,
      status: { [meta.devId]: buildStatus(ON8) },
      extra: { rename: { body: { cmdId: 'r1', state: 'done' } } },
    });
    renderRoute(controlsPath(meta));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Device Name' }));
    const input = await screen.findByLabelText('Device Name');
    expect(input).toHaveValue('Rack M4315');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(input);
    expect(await screen.findByText('Device Name cannot be empty')).toBeInTheDocument();
    await userEvent.paste('x'.repeat(41));
    expect(await screen.findByText('Maximum length allowed is 40')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'Renamed');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText('Device renamed successfully')).toBeInTheDocument();
    expect(screen.queryByLabelText('Device Name')).not.toBeInTheDocument();
  });

  it('a failed rename keeps the modal open', async () => {
    const meta = buildMeta();
    stubDeviceApi({
      meta,
      status: { [meta.devId]: buildStatus(ON8) },
      extra: { rename: { status: 409, body: { error: 'This device is currently inactive.' } } },
    });
    renderRoute(controlsPath(meta));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Device Name' }));
    const input = await screen.findByLabelText('Device Name');
    await userEvent.type(input, ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Error while renaming device')).not.toHaveLength(0);
    expect(screen.getByLabelText('Device Name')).toBeInTheDocument();
  });

  it('refuses a sequence when no outlet is in the group', async () => {
    const meta = buildMeta({ devClass: 'vt4315', seqGrp: [] });
    stubDeviceApi({ meta, status: { [meta.devId]: buildStatus(ON8) } });
    renderRoute(controlsPath(meta));
    await userEvent.click(await enabledButton('Sequence On'));
    expect(
      await screen.findByText(
        'No outlet selected in DC Trigger to process sequence on/off operation.',
      ),
    ).toBeInTheDocument();
  });

  it('says when all sequence outlets are already on', async () => {
    const meta = buildMeta({ devClass: 'vt1512', seqGrp: [1, 2], outlets: buildOutlets(12) });
    stubDeviceApi({
      meta,
      status: { [meta.devId]: buildStatus(Array.from({ length: 12 }, () => true)) },
    });
    renderRoute(controlsPath(meta));
    await screen.findByText('120.4');
    await userEvent.click(await enabledButton('Sequence On'));
    expect(await screen.findByText('All outlets are already on/off')).toBeInTheDocument();
  });

  it('shows the load error with a retry', async () => {
    const meta = buildMeta();
    stubDeviceApi({ meta, extra: { meta: { status: 404, body: { error: 'Device not found.' } } } });
    renderRoute(controlsPath(meta));
    expect(await screen.findByText('Some error occured')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

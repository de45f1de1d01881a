import { networkMessages } from '@powerdeck/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMeta, buildStatus, controlsPath, stubDeviceApi } from '../../../test/devices';
import { renderRoute, urlOf, type FakeResponse } from '../../../test/render';

/** The guard against cutting a location off (issue 15) on the device panel. */

const ON8 = Array.from({ length: 8 }, () => true);
const REFUSED: FakeResponse = { status: 409, body: { error: networkMessages.needsConfirmation } };

function openPanel() {
  const meta = buildMeta();
  let asked = false;
  const { fetchMock } = stubDeviceApi({
    meta,
    status: { [meta.devId]: buildStatus(ON8) },
    extra: {
      // The first switch-off is refused, as the server refuses an unconfirmed one of an outlet
      // that feeds the network; the test checks that the second carries the confirmation.
      setoutletstate: () => {
        if (asked) return sent('c2');
        asked = true;
        return REFUSED;
      },
      cycleoutlet: sent('c3'),
    },
  });
  renderRoute(controlsPath(meta));
  const posts = (svc: string) =>
    fetchMock.mock.calls.filter(([input]) => urlOf(input).includes(`svc=${svc}`));
  return { meta, posts };
}

function sent(cmdId: string): FakeResponse {
  return { body: { cmdId, state: 'sent' } };
}

/** The body's fields of a form POST. */
const fieldsOf = (call: [RequestInfo | URL, RequestInit?] | undefined) =>
  Object.fromEntries(new URLSearchParams((call?.[1]?.body as string | undefined) ?? ''));

async function switchOffOutlet2() {
  await screen.findByText('120.4');
  const toggle = await screen.findByRole('switch', { name: 'Outlet 2 power' });
  await waitFor(() => expect(toggle).toBeChecked());
  await userEvent.click(toggle);
  const dialog = await screen.findByRole('dialog', { name: networkMessages.confirmTitle });
  expect(dialog).toHaveTextContent(networkMessages.cutOff);
  return dialog;
}

describe('Switching off an outlet that feeds the network', () => {
  it('asks naming the consequence, then sends it again confirmed', async () => {
    const { meta, posts } = openPanel();
    const dialog = await switchOffOutlet2();
    expect(posts('setoutletstate')).toHaveLength(1);
    expect(fieldsOf(posts('setoutletstate')[0])).not.toHaveProperty('confirmed');
    await userEvent.click(within(dialog).getByRole('button', { name: networkMessages.confirmOff }));
    await waitFor(() => expect(posts('setoutletstate')).toHaveLength(2));
    expect(fieldsOf(posts('setoutletstate')[1])).toMatchObject({
      devId: meta.devId,
      otlt: '2',
      state: '0',
      confirmed: 'true',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByTestId(`outlet-${meta.devId}-2`);
    expect(await within(row).findByText('Switch: sent')).toBeInTheDocument();
    expect(screen.queryByText('failed to execute command.')).not.toBeInTheDocument();
  });

  it('cycles the outlet instead when asked to', async () => {
    const { meta, posts } = openPanel();
    const dialog = await switchOffOutlet2();
    await userEvent.click(
      within(dialog).getByRole('button', { name: networkMessages.cycleInstead }),
    );
    await waitFor(() => expect(posts('cycleoutlet')).toHaveLength(1));
    expect(fieldsOf(posts('cycleoutlet')[0])).toMatchObject({ devId: meta.devId, otlt: '2' });
    expect(posts('setoutletstate')).toHaveLength(1);
    const row = screen.getByTestId(`outlet-${meta.devId}-2`);
    expect(await within(row).findByText('Cycle: sent')).toBeInTheDocument();
  });

  it('sends nothing more on Cancel and leaves the outlet as it was', async () => {
    const { meta, posts } = openPanel();
    const dialog = await switchOffOutlet2();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts('setoutletstate')).toHaveLength(1);
    expect(posts('cycleoutlet')).toHaveLength(0);
    const row = screen.getByTestId(`outlet-${meta.devId}-2`);
    expect(within(row).queryByText('In progress')).not.toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Outlet 2 power' })).toBeChecked();
    expect(screen.queryByText('failed to execute command.')).not.toBeInTheDocument();
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FakeResponse, renderRoute, stubApi, urlOf } from '../../../test/render';

const bodyText = (init: RequestInit | undefined) =>
  typeof init?.body === 'string' ? init.body : '';
import { AddDeviceModal } from './add-device-modal';

function renderModal(answers: Record<string, FakeResponse | ((url: URL) => FakeResponse)> = {}) {
  const fetchMock = stubApi(answers);
  const onClose = vi.fn();
  const { router } = renderRoute('/', [
    { path: '/', element: <AddDeviceModal siteId="s1" opened onClose={onClose} /> },
    { path: '*', element: <p>navigated</p> },
  ]);
  return { fetchMock, onClose, router };
}

const boxes = (group: string) =>
  within(screen.getByRole('group', { name: group })).getAllByRole<HTMLInputElement>('textbox');
const type = (box: HTMLElement | undefined, value: string) =>
  fireEvent.input(box as HTMLElement, { target: { value } });
const paste = (box: HTMLElement | undefined, text: string) =>
  fireEvent.paste(box as HTMLElement, { clipboardData: { getData: () => text } });
const register = () => screen.getByRole('button', { name: 'Register' });

async function fillValid() {
  const mac = boxes('MAC ID');
  type(mac[3], 'c0');
  type(mac[4], 'de');
  type(mac[5], '01');
  const key = boxes('Challenge key');
  type(key[0], 'PD7K');
  type(key[1], 'Q2M9');
  type(key[2], 'X4TB');
  await vi.waitFor(() => expect(register()).toBeEnabled());
}

describe('AddDeviceModal, Ethernet tab', () => {
  it('pre-fills the MAC prefix 10-65-A3 and keeps Register disabled until MAC and key are complete', async () => {
    renderModal();
    expect(screen.getByRole('tab', { name: 'Add Ethernet Device' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Add Wireless Device' })).toBeInTheDocument();
    expect(boxes('MAC ID').map((b) => b.value)).toEqual(['10', '65', 'A3', '', '', '']);
    expect(boxes('Challenge key')).toHaveLength(3);
    expect(register()).toBeDisabled();
    const mac = boxes('MAC ID');
    type(mac[3], 'C0');
    type(mac[4], 'DE');
    type(mac[5], '0');
    const key = boxes('Challenge key');
    type(key[0], 'PD7K');
    type(key[1], 'Q2M9');
    type(key[2], 'X4TB');
    fireEvent.blur(mac[5] as HTMLElement);
    expect(await screen.findByText('Please enter MAC ID')).toBeInTheDocument();
    expect(register()).toBeDisabled();
    type(mac[5], '01');
    await vi.waitFor(() => expect(register()).toBeEnabled());
    expect(screen.queryByText('Please enter MAC ID')).not.toBeInTheDocument();
    type(key[2], 'X4');
    fireEvent.blur(key[2] as HTMLElement);
    expect(await screen.findByText('Please enter Challenge key')).toBeInTheDocument();
    expect(register()).toBeDisabled();
  });

  it('moves to the next box when one is full and back on Backspace in an empty box', () => {
    renderModal();
    const mac = boxes('MAC ID');
    (mac[3] as HTMLElement).focus();
    type(mac[3], 'c0');
    expect(mac[3]?.value).toBe('C0');
    expect(mac[4]).toHaveFocus();
    fireEvent.keyDown(mac[4] as HTMLElement, { key: 'Backspace' });
    expect(mac[3]).toHaveFocus();
    type(mac[3], 'zz');
    expect(mac[3]?.value).toBe('');
  });

  it('spreads a pasted MAC and a pasted key over the boxes', () => {
    renderModal();
    paste(boxes('MAC ID')[0], '10:65:a3:c0:de:01');
    expect(boxes('MAC ID').map((b) => b.value)).toEqual(['10', '65', 'A3', 'C0', 'DE', '01']);
    paste(boxes('Challenge key')[0], 'pd7k-q2m9-x4tb');
    expect(boxes('Challenge key').map((b) => b.value)).toEqual(['PD7K', 'Q2M9', 'X4TB']);
    expect(boxes('Challenge key')[2]).toHaveFocus();
  });

  it('registers with devId and claimKey, says so, closes and resets', async () => {
    const { fetchMock, onClose } = renderModal({
      'devices:addNewDevice': {
        body: { devId: '1065A3C0DE01', devClass: 'm4315', devName: 'x', siteId: 's1' },
      },
    });
    await fillValid();
    fireEvent.click(register());
    expect(await screen.findByText('New device has been added successfuly')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(urlOf(url ?? '')).toContain('/data-svc/devices/dataSvc.php?svc=addNewDevice&siteId=s1');
    expect(JSON.parse(bodyText(init))).toEqual({
      devId: '1065A3C0DE01',
      claimKey: 'PD7KQ2M9X4TB',
    });
    expect(boxes('MAC ID').map((b) => b.value)).toEqual(['10', '65', 'A3', '', '', '']);
  });

  it('shows the spec error on failure and resets the boxes', async () => {
    const { onClose } = renderModal({
      'devices:addNewDevice': {
        status: 400,
        body: { error: 'ERROR: Please check MAC ID or Challenge Key' },
      },
    });
    await fillValid();
    await act(async () => {
      fireEvent.click(register());
      await Promise.resolve();
    });
    expect(
      (await screen.findAllByText('ERROR: Please check MAC ID or Challenge Key')).length,
    ).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(boxes('Challenge key').map((b) => b.value)).toEqual(['', '', '']);
  });
});

describe('AddDeviceModal, Wireless tab', () => {
  const gateways = {
    gateways: [{ devId: 'GW1', devClass: 'bb1000', devName: 'Main Gateway' }],
    devices: [
      { label: 'SP1000 1065A3C0DE11', gateway: 'GW1', devId: '1065A3C0DE11', devClass: 'sp1000' },
    ],
  };

  it('lists the wireless devices and joins one, opening its controls', async () => {
    const { fetchMock, router } = renderModal({
      'devices:getGateways': { body: gateways },
      'sp1000.deviceControls:join': {
        body: { devId: '1065A3C0DE11', devClass: 'sp1000', siteId: 's1' },
      },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Add Wireless Device' }));
    expect(await screen.findByText('SP1000 1065A3C0DE11')).toBeInTheDocument();
    expect(screen.getByText(/via Main Gateway/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Join SP1000 1065A3C0DE11' }));
    expect(await screen.findByText('navigated')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/locations/s1/devices/sp1000/1065A3C0DE11/controls');
    const join = fetchMock.mock.calls.find(([u]) => urlOf(u).includes('svc=join'));
    const body = new URLSearchParams(bodyText(join?.[1]));
    expect(Object.fromEntries(body)).toMatchObject({
      devClass: 'sp1000',
      devId: '1065A3C0DE11',
      devName: 'SP1000 1065A3C0DE11',
      svc: 'join',
      state: 'join',
    });
  });

  it('says when no wireless device is found, with Retry Again', async () => {
    const { fetchMock } = renderModal({
      'devices:getGateways': { body: { gateways: [], devices: [] } },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Add Wireless Device' }));
    expect(
      await screen.findByText('No wireless devices found in your network'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry Again' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('says something went wrong when the list fails', async () => {
    renderModal({ 'devices:getGateways': { status: 500, body: { error: 'x' } } });
    fireEvent.click(screen.getByRole('tab', { name: 'Add Wireless Device' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry Again' })).toBeInTheDocument();
  });
});

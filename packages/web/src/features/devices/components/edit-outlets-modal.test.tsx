import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute, urlOf } from '../../../test/render';
import {
  buildKid,
  buildMeta,
  buildOutlets,
  buildStatus,
  controlsPath,
  stubDeviceApi,
} from '../../../test/devices';

describe('Edit Outlets', () => {
  it('shows three labels per banked outlet and saves labels and locks as the edit payload', async () => {
    const kid = buildKid({
      info: {
        name: 'UPS on card',
        otlts: buildOutlets(4, [{ name1: 'A', name2: 'B', name3: 'C' }]),
      },
    });
    const meta = buildMeta({ devClass: 'cv3', outlets: [], kids: [kid] });
    const { fetchMock } = stubDeviceApi({
      meta,
      status: { [kid.devId]: buildStatus([true, true, true, true]) },
      extra: { updateOutlets: { body: { ok: true } } },
    });
    renderRoute(controlsPath(meta));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Outlets' }));
    expect(await screen.findByRole('textbox', { name: 'Device Name' })).toHaveValue('UPS on card');
    expect(screen.getByLabelText('Outlet 1 label 3')).toHaveValue('C');
    expect(screen.getByLabelText('Outlet 2 label 1')).toHaveAttribute('placeholder', 'Outlet 2');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Outlet 2 label 2'));
    await userEvent.paste('x'.repeat(41));
    expect(await screen.findByText('Maximum length allowed is 40')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Outlet 2 label 2'));
    await userEvent.type(screen.getByLabelText('Outlet 2 label 2'), 'Router');
    await userEvent.click(screen.getByLabelText('Lock outlet 4'));
    await userEvent.click(save);
    await expect
      .poll(() => fetchMock.mock.calls.some(([u]) => urlOf(u).includes('updateOutlets')))
      .toBe(true);
    const call = fetchMock.mock.calls.find(([u]) => urlOf(u).includes('updateOutlets'));
    const body = JSON.parse(call?.[1]?.body as string) as {
      outlets: {
        devId: string;
        info: { otltId: number; lblId: number; name: string; state: number }[];
      }[];
    };
    expect(body.outlets[0]?.devId).toBe(kid.devId);
    expect(body.outlets[0]?.info).toContainEqual({ otltId: 2, lblId: 2, name: 'Router', state: 0 });
    expect(body.outlets[0]?.info).toContainEqual({
      otltId: 4,
      lblId: 1,
      name: 'Outlet 4 name',
      state: 1,
    });
    await expect.poll(() => screen.queryByLabelText('Outlet 1 label 3')).toBeNull();
    expect(await screen.findByText('Outlets updated successfully')).toBeInTheDocument();
  });

  it("a failed save says 'Outlets can not be updated' (or the server's reason)", async () => {
    // toasts are global: the earlier test's success toast may still be up
    notifications.clean();
    const meta = buildMeta();
    stubDeviceApi({
      meta,
      status: { [meta.devId]: buildStatus(Array.from({ length: 8 }, () => true)) },
      extra: { updateOutlets: { status: 500, body: 'boom' } },
    });
    renderRoute(controlsPath(meta));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Outlets' }));
    await userEvent.type(await screen.findByLabelText('Outlet 1 label 1'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Outlets can not be updated')).toBeInTheDocument();
    expect(screen.queryByText('Outlets updated successfully')).not.toBeInTheDocument();
  });

  it('lock boxes are disabled when the location is locked; outputs for dc12ip', async () => {
    const meta = buildMeta({ devClass: 'dc12ip', locationLocked: true, outlets: buildOutlets(12) });
    stubDeviceApi({
      meta,
      status: { [meta.devId]: buildStatus(Array.from({ length: 12 }, () => false)) },
    });
    renderRoute(controlsPath(meta));
    expect(await screen.findByRole('heading', { name: 'Output' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Outputs' }));
    expect(await screen.findByLabelText('Lock outlet 1')).toBeDisabled();
    expect(screen.queryByLabelText('Outlet 1 label 2')).not.toBeInTheDocument();
  });
});

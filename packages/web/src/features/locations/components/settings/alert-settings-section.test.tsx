import { alertSettingsMessages } from '@powerdeck/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute, stubApi, urlOf } from '../../../../test/render';
import { AlertSettingsSection } from './alert-settings-section';

function open(canEdit: boolean) {
  const fetchMock = stubApi({
    getAlertSettings: { body: { offlineGraceSeconds: 60 } },
    setAlertSettings: { body: { offlineGraceSeconds: 5 } },
  });
  renderRoute('/', [
    { path: '/', element: <AlertSettingsSection siteId="s1" canEdit={canEdit} /> },
  ]);
  return fetchMock;
}

describe('Location Settings: offline grace period', () => {
  it('reads the grace period, refuses bad values with a clear message and saves a good one', async () => {
    const fetchMock = open(true);
    const input = await screen.findByLabelText(/Offline grace period/);
    await waitFor(() => expect(input).toHaveValue(60));
    const save = screen.getByRole('button', { name: 'Save alert settings' });
    expect(save).toBeDisabled();

    await userEvent.clear(input);
    expect(await screen.findByText(alertSettingsMessages.graceRequired)).toBeInTheDocument();
    await userEvent.type(input, '3601');
    expect(await screen.findByText(alertSettingsMessages.graceMax)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await userEvent.clear(input);
    await userEvent.type(input, '5');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText('Alert settings saved')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => urlOf(url).includes('svc=setAlertSettings'));
    expect(call?.[1]?.method).toBe('POST');
    const body = call?.[1]?.body;
    expect(body instanceof URLSearchParams ? body.toString() : body).toBe(
      'siteId=s1&offlineGraceSeconds=5',
    );
  });

  it('is read-only for a level that cannot manage the location', async () => {
    open(false);
    const input = await screen.findByLabelText(/Offline grace period/);
    await waitFor(() => expect(input).toHaveValue(60));
    expect(input).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save alert settings' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Only an owner or ADMIN at this location can change it.'),
    ).toBeInTheDocument();
  });
});

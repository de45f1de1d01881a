import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type FakeResponse,
  publicConfig,
  renderRoute,
  signedInUser,
  stubApi,
  urlOf,
} from '../../../test/render';

const details = {
  userId: 'u1',
  firstName: 'Olive',
  lastName: 'Owner',
  email: 'owner@example.com',
  phone: '',
  pendingEmail: null,
};

function renderProfile(path: string, answers: Record<string, FakeResponse> = {}) {
  const fetchMock = stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    getAccountSettings: { body: details },
    ...answers,
  });
  return { fetchMock, ...renderRoute(path) };
}

describe('profile pages', () => {
  it('shows account details with the e-mail read-only', async () => {
    renderProfile('/profile/accountDetails');
    expect(await screen.findByDisplayValue('owner@example.com')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/First name/)).toHaveValue('Olive');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the server message when the current password is wrong', async () => {
    renderProfile('/profile/changePassword', {
      changePassword: { status: 400, body: { error: 'Current password is incorrect.' } },
    });
    await userEvent.type(await screen.findByLabelText(/Current password/), 'wrong-one');
    await userEvent.type(screen.getByLabelText(/^New password/), 'new-password');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
  });

  it('deletes the account only when the answer is true, then goes to /login', async () => {
    const { fetchMock, router } = renderProfile('/profile/deleteAccount', {
      deleteUser: { status: 500, body: { error: 'Something went wrong. Please try again.' } },
    });
    await userEvent.click(await screen.findByLabelText('I understand that this cannot be undone.'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/could not be deleted/)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([input]) => urlOf(input).includes('svc=deleteUser'));
    expect(new URL(urlOf(call?.[0] ?? ''), 'http://x').searchParams.get('feedback')).toBe(
      '{"reason":"","comment":""}',
    );

    stubApi({
      public: { body: publicConfig },
      session: { body: { user: null } },
      deleteUser: { body: true },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
  });
});

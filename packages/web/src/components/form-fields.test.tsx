import { authMessages } from '@powerdeck/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, stubApi } from '../test/render';

function renderSignedOut(path: string) {
  stubApi({ public: { body: publicConfig }, session: { body: { user: null } } });
  return renderRoute(path);
}

describe('NewPasswordFields', () => {
  it('labels the pair for sign-up and for a new password', async () => {
    const { unmount } = renderSignedOut('/signup');
    expect(await screen.findByLabelText(/^Password/)).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    expect(screen.getByLabelText(/^Confirm password/)).toBeInTheDocument();
    expect(screen.getByText('At least 8 characters')).toBeInTheDocument();
    unmount();

    renderSignedOut('/reset-password?token=t1');
    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm new password/)).toBeInTheDocument();
  });

  it('says a short password is too short once the field is left', async () => {
    renderSignedOut('/reset-password?token=t1');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'short');
    await userEvent.tab();
    expect(await screen.findByText(authMessages.passwordTooShort)).toBeInTheDocument();
  });

  it('re-checks the confirmation when the password changes', async () => {
    renderSignedOut('/reset-password?token=t1');
    const password = await screen.findByLabelText(/^New password/);
    await userEvent.type(password, 'a-long-passphrase');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'a-long-passphrase!');
    await userEvent.tab();
    expect(await screen.findByText(authMessages.passwordsDiffer)).toBeInTheDocument();

    await userEvent.type(password, '!');
    await waitFor(() =>
      expect(screen.queryByText(authMessages.passwordsDiffer)).not.toBeInTheDocument(),
    );
  });
});

import { authMessages } from '@powerdeck/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute, publicConfig, stubApi, type FakeResponse, urlOf } from '../../../test/render';
import { LoginPage } from './login-page';

function renderLogin(
  login: FakeResponse = { status: 401, body: { error: 'Invalid email or password' } },
) {
  const fetchMock = stubApi({ public: { body: publicConfig }, login });
  const { router } = renderRoute('/login', [
    { path: '/login', element: <LoginPage /> },
    { path: '/locations/list', element: <p>locations</p> },
  ]);
  return { router, fetchMock };
}

describe('LoginPage', () => {
  it('shows no message before a field is touched', async () => {
    renderLogin();
    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-email');
    expect(screen.queryByText(authMessages.emailInvalid)).not.toBeInTheDocument();
  });

  it('shows the schema messages once fields are left', async () => {
    renderLogin();
    await userEvent.click(screen.getByLabelText(/Email/));
    await userEvent.click(screen.getByLabelText(/Password/));
    await userEvent.tab();
    expect(await screen.findByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(await screen.findByText(authMessages.passwordRequired)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/Email/), 'nope');
    expect(await screen.findByText(authMessages.emailInvalid)).toBeInTheDocument();
  });

  it('does not call the server while the form is invalid', async () => {
    const { fetchMock } = renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => urlOf(url).includes('svc=login'))).toBe(false);
  });

  it("shows the server's error text", async () => {
    renderLogin();
    await userEvent.type(screen.getByLabelText(/Email/), 'owner@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('explains a rate limit', async () => {
    renderLogin({ status: 429, body: null });
    await userEvent.type(screen.getByLabelText(/Email/), 'owner@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many attempts/);
  });

  it('signs in and opens the locations list', async () => {
    const { router, fetchMock } = renderLogin({
      body: {
        user: { userId: '1', email: 'a@b.co', firstName: 'A', lastName: 'B', tier: 'STANDARD' },
      },
    });
    await userEvent.type(screen.getByLabelText(/Email/), 'Owner@Example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'powerdeck-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('locations')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/locations/list');
    const loginCall = fetchMock.mock.calls.find(([url]) => urlOf(url).includes('svc=login'));
    expect(JSON.parse(loginCall?.[1]?.body as string)).toEqual({
      email: 'owner@example.com',
      password: 'powerdeck-demo',
    });
    expect(loginCall?.[1]?.credentials).toBe('include');
  });

  it('links to password reset and sign-up', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, stubApi, urlOf } from '../../../test/render';

const calls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url]) => urlOf(url).includes('svc=unsubscribeByMail'));

describe('/alert-mail/unsubscribe', () => {
  it('opening the link changes nothing; the button unsubscribes and says so', async () => {
    const fetchMock = stubApi({
      public: { body: publicConfig },
      session: { body: { user: null } },
      unsubscribeByMail: { body: { ok: true } },
    });
    renderRoute('/alert-mail/unsubscribe?token=v1.abc.def');
    const button = await screen.findByRole('button', { name: 'Unsubscribe' }, { timeout: 15_000 });
    // a link scanner that opens the page unsubscribes no one
    expect(calls(fetchMock)).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'Unsubscribed' })).toBeInTheDocument();
    expect(
      screen.getByText(/Unsubscribed: these alerts no longer come by e-mail\./),
    ).toBeInTheDocument();
    const [call, ...more] = calls(fetchMock);
    expect(more).toEqual([]);
    expect(call?.[1]?.method).toBe('POST');
    expect(urlOf(call?.[0] ?? '')).toContain('token=v1.abc.def');
  });

  it('a link the server refuses (tampered or expired) says so', async () => {
    stubApi({
      public: { body: publicConfig },
      session: { body: { user: null } },
      unsubscribeByMail: {
        status: 400,
        body: { error: 'This unsubscribe link is not valid or has expired.' },
      },
    });
    renderRoute('/alert-mail/unsubscribe?token=v1.abc.tampered');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Unsubscribe' }, { timeout: 15_000 }),
    );
    expect(
      await screen.findByText('This unsubscribe link is not valid or has expired.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unsubscribed' })).toBeNull();
  });

  it('a link without its token offers no button to press', async () => {
    stubApi({ public: { body: publicConfig }, session: { body: { user: null } } });
    renderRoute('/alert-mail/unsubscribe');
    expect(
      await screen.findByText('This unsubscribe link is not valid or has expired.', undefined, {
        timeout: 15_000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeDisabled();
  });
});

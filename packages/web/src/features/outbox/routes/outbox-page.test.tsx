import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeResponse, publicConfig, renderRoute, stubApi } from '../../../test/render';
import { OutboxPage } from './outbox-page';

const LOCAL_ONLY =
  'The outbox can be read only on the machine the demo runs on (not through a proxy), or by a signed-in SUPPORT user.';

function renderOutbox(outbox: FakeResponse) {
  stubApi({ public: { body: publicConfig }, 'auth:outbox': outbox });
  return renderRoute('/outbox', [{ path: '/outbox', element: <OutboxPage /> }]);
}

describe('OutboxPage', () => {
  it('lists the messages, newest first as the server gives them', async () => {
    renderOutbox({
      body: {
        messages: [
          {
            id: '2',
            to: 'b@example.com',
            subject: 'Second',
            text: 'b',
            sentAt: '2024-05-01T12:01:00Z',
          },
          {
            id: '1',
            to: 'a@example.com',
            subject: 'First',
            text: 'a',
            sentAt: '2024-05-01T12:00:00Z',
          },
        ],
      },
    });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Second', 'First']);
  });

  it("shows the server's reason when the outbox is refused to this browser (403)", async () => {
    renderOutbox({ status: 403, body: { error: LOCAL_ONLY } });
    expect(await screen.findByText(LOCAL_ONLY)).toBeInTheDocument();
    expect(screen.queryByText(/only available in demo mode/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the outbox is a demo-mode page when the server has none (404)', async () => {
    renderOutbox({ status: 404, body: { error: 'Not found' } });
    expect(
      await screen.findByText('The outbox is only available in demo mode.'),
    ).toBeInTheDocument();
  });
});

import type { OutboxMessage } from '@powerdeck/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeResponse, publicConfig, renderRoute, stubApi } from '../../../test/render';
import { OutboxPage } from './outbox-page';

const LOCAL_ONLY =
  'The outbox can be read only on the machine the demo runs on (not through a proxy), or by a signed-in SUPPORT user.';

const message = (fields: Partial<OutboxMessage> & { id: string }): OutboxMessage => ({
  to: 'a@example.com',
  subject: `Mail ${fields.id}`,
  text: 'a',
  html: null,
  sentAt: '2024-05-01T12:00:00Z',
  state: 'sent',
  attempts: 0,
  lastError: null,
  deliveredAt: '2024-05-01T12:00:01Z',
  ...fields,
});

function renderOutbox(outbox: FakeResponse) {
  stubApi({ public: { body: publicConfig }, 'auth:outbox': outbox });
  return renderRoute('/outbox', [{ path: '/outbox', element: <OutboxPage /> }]);
}

describe('OutboxPage', () => {
  it('lists the messages, newest first as the server gives them', async () => {
    renderOutbox({
      body: {
        messages: [
          message({
            id: '2',
            to: 'b@example.com',
            subject: 'Second',
            sentAt: '2024-05-01T12:01:00Z',
          }),
          message({ id: '1', subject: 'First' }),
        ],
      },
    });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Second', 'First']);
  });

  it("shows each message's delivery: queued, sent, retrying with its attempts and error, failed", async () => {
    renderOutbox({
      body: {
        messages: [
          message({ id: '4', state: 'queued', deliveredAt: null }),
          message({ id: '3' }),
          message({
            id: '2',
            state: 'retrying',
            attempts: 2,
            lastError: '451 mailbox busy',
            deliveredAt: null,
          }),
          message({
            id: '1',
            state: 'failed',
            attempts: 9,
            lastError: 'connect ECONNREFUSED',
            deliveredAt: null,
          }),
        ],
      },
    });
    expect(await screen.findByText('Queued')).toBeInTheDocument();
    expect(screen.getByText('Sent')).toBeInTheDocument();
    expect(screen.getByText('Retrying (2 failed attempts)')).toBeInTheDocument();
    expect(screen.getByText('Last error: 451 mailbox busy')).toBeInTheDocument();
    expect(screen.getByText('Failed (9 failed attempts)')).toBeInTheDocument();
    expect(screen.getByText('Last error: connect ECONNREFUSED')).toBeInTheDocument();
  });

  it('shows the HTML version only in a sandboxed frame, never in the page', async () => {
    const html = '<p>Hello</p><img src=x onerror="window.pwned=1"><script>window.pwned=1</script>';
    renderOutbox({ body: { messages: [message({ id: '1', subject: 'Rich', html })] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Show the HTML version' }));
    const frame = screen.getByTitle('HTML version of Rich');
    expect(frame.tagName).toBe('IFRAME');
    // an empty sandbox: no script, no forms, no navigation of the console, an origin of its own
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(html);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
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

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, signedInUser, stubApi } from '../../../test/render';

/** The first render loads the lazy route chunk, slow when the machine is busy. */
const FIRST_RENDER = { timeout: 15_000 };

function open() {
  stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    getClients: { body: { records: [], totalRecords: 0, pageNo: 1, recordsPerPage: 12 } },
  });
  renderRoute('/clients');
}

describe('create-client form', () => {
  it('shows the spec §5 messages', async () => {
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Create Client' }, FIRST_RENDER),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter client name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a client email')).toBeInTheDocument();
    expect(screen.getByText('Please enter contact number')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Client email/), 'nope');
    await userEvent.type(screen.getByLabelText(/Contact number/), '12x');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter numeric value')).toBeInTheDocument();
  });

  it("has the image picker labelled 'Client image' with Browse, refusing bad files", async () => {
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Create Client' }, FIRST_RENDER),
    );
    expect(await screen.findByText('Client image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Browse' })).toBeInTheDocument();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(
      input,
      new File(['x'.repeat(301 * 1024)], 'big.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByText('File size should be less than or equal to 300 KB'),
    ).toBeInTheDocument();
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
  });
});

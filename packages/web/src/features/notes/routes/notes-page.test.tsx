import type { NoteRecord } from '@powerdeck/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, signedInUser, stubApi, urlOf } from '../../../test/render';

const note = (overrides: Partial<NoteRecord>): NoteRecord => ({
  id: 1,
  note: 'Check the UPS battery',
  userId: 'someone-else',
  modUserId: 'someone-else',
  time: Date.UTC(2024, 2, 5, 14, 7, 9),
  modTime: Date.UTC(2024, 2, 5, 14, 7, 9),
  fname: 'Adam',
  lname: 'Alvarez',
  modFname: 'Adam',
  modLname: 'Alvarez',
  ...overrides,
});

function renderNotes(records: Record<string, NoteRecord[]>) {
  const fetchMock = stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    getUserSitesData: {
      body: {
        records: [
          { siteId: 's1', name: 'Head Office', permLvl: 'INSTALLER' },
          { siteId: 's2', name: 'Warehouse', permLvl: 'owner' },
          { siteId: 's3', name: 'Client Shop', permLvl: 'CLIENT' },
        ],
      },
    },
    getNotes: (url) => ({ body: { records: records[url.searchParams.get('siteId') ?? ''] ?? [] } }),
    createNote: { body: { id: 7 } },
  });
  return { fetchMock, ...renderRoute('/locations/s1/notes') };
}

describe('notes page', () => {
  it('lists non-CLIENT locations and the chosen location notes; edit is only for creator or ADMIN', async () => {
    renderNotes({ s1: [note({})] });
    expect(await screen.findByText('Check the UPS battery')).toBeInTheDocument();
    expect(screen.getByText('Warehouse')).toBeInTheDocument();
    expect(screen.queryByText('Client Shop')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Check the UPS battery'));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeDisabled();
  });

  it('shows the empty text, and saves a new note URL-encoded; an empty one is refused', async () => {
    const { fetchMock } = renderNotes({});
    expect(
      await screen.findByText('Notes are not added for this location. Click on "+" to add notes.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const textarea = await screen.findByLabelText('New note');
    expect(textarea).toHaveAttribute('rows', '8');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Can not save empty note.')).toBeInTheDocument();
    await userEvent.type(textarea, 'a & b');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([input]) => urlOf(input).includes('svc=createNote'));
      const body = call?.[1]?.body;
      expect(body instanceof URLSearchParams ? body.toString() : body).toBe(
        'siteId=s1&note=a%2520%2526%2520b',
      );
    });
  });

  it('asks before switching location with unsaved changes', async () => {
    renderNotes({});
    await userEvent.click(await screen.findByRole('button', { name: 'Add note' }));
    await userEvent.type(await screen.findByLabelText('New note'), 'draft');
    await userEvent.click(screen.getByText('Warehouse'));
    expect(
      await screen.findByText('Do you want to discard the unsaved changes?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('New note')).toHaveValue('draft');
  });
});

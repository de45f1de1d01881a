import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupCandidates, GroupsPage } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import {
  publicConfig,
  renderRoute,
  signedInUser,
  stubApi,
  type FakeResponse,
} from '../../../test/render';

/** The first render loads the lazy route chunk, slow when the machine is busy. */
const FIRST_RENDER = { timeout: 15_000 };

const list: GroupsPage = {
  records: [
    {
      id: 'g1',
      groupName: 'North depots',
      locationCount: 1,
      userCount: 1,
      createdBy: signedInUser.userId,
      canEdit: true,
    },
  ],
  totalRecords: 1,
  pageNo: 1,
  recordsPerPage: 10,
};

const candidates: GroupCandidates = {
  locations: [{ siteId: 's1', name: 'Harbor View Lobby', permLvl: 'owner' }],
  users: [
    { id: signedInUser.userId, name: 'Me', email: 'me@example.com', defaultPermission: 'owner' },
  ],
};

function open(answers: Record<string, FakeResponse>) {
  stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    getUserSitesData: {
      body: { records: [{ siteId: 's1', name: 'Harbor View Lobby', permLvl: 'owner' }] },
    },
    listGroupsForUser: { body: list },
    getGroupCandidates: { body: candidates },
    ...answers,
  });
  renderRoute('/admin');
}

async function createGroup() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create Group' }, FIRST_RENDER));
  await userEvent.type(await screen.findByLabelText('Group name'), 'South depots');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Harbor View Lobby' }));
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
}

async function deleteGroup() {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Actions for North depots' }, FIRST_RENDER),
  );
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete group' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('admin groups: every save says whether it worked', () => {
  it("creating a group says 'Group created successfully'", async () => {
    open({ createGroupWithLocnsAndUsers: { body: { id: 'g2' } } });
    await createGroup();
    expect(await screen.findByText('Group created successfully')).toBeInTheDocument();
  });

  it("a refused create says 'Group can not be created' with the server's reason", async () => {
    open({
      createGroupWithLocnsAndUsers: {
        status: 403,
        body: { error: 'You can only add locations where you are admin or owner.' },
      },
    });
    await createGroup();
    expect(
      await screen.findByText(
        'Group can not be created: You can only add locations where you are admin or owner.',
      ),
    ).toBeInTheDocument();
  });

  it("deleting a group says 'Group deleted successfully'", async () => {
    open({ deleteGroupWithLocnsAndUsers: { body: { id: 'g1' } } });
    await deleteGroup();
    expect(await screen.findByText('Group deleted successfully')).toBeInTheDocument();
  });

  it("a failed delete says 'Group can not be deleted'", async () => {
    open({ deleteGroupWithLocnsAndUsers: { status: 500, body: 'boom' } });
    await deleteGroup();
    expect(await screen.findByText('Group can not be deleted')).toBeInTheDocument();
  });
});

import type { SitesPage } from '@powerdeck/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, signedInUser, stubApi, urlOf } from '../../../../test/render';
import { toPayload, wizardDefaults } from './wizard-form';

/** The first render loads the lazy route chunk, slow when the machine is busy. */
const FIRST_RENDER = { timeout: 15_000 };

const empty: SitesPage = { records: [], totalRecords: 0, pageNo: 1, recordsPerPage: 12 };

function open() {
  const fetchMock = stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    getSitesData: { body: empty },
    getTimezoneList: {
      body: [{ label: '(GMT-08:00) Pacific Time (US & Canada)', offset: '-8.00' }],
    },
    getClients: {
      body: {
        records: [
          {
            id: 'c1',
            firstName: 'Acme',
            email: null,
            phone: null,
            imageFileRef: null,
            siteCnt: null,
            devCnt: null,
          },
        ],
        totalRecords: 1,
        pageNo: 1,
        recordsPerPage: 1,
      },
    },
    listGroupsForUser: {
      body: {
        records: [
          { id: 'g-mine', groupName: 'North depots', locationCount: 2, userCount: 1 },
          { id: 'g-other', groupName: 'Not mine', locationCount: 1, userCount: 3 },
        ].map((g, i) => ({ ...g, createdBy: 'u', canEdit: i === 0 })),
        totalRecords: 2,
        pageNo: 1,
        recordsPerPage: 500,
      },
    },
    addLocationAndClient: { body: { status: 'success', siteId: 'new-site' } },
    settings: { status: 403, body: { error: 'x' } },
  });
  renderRoute('/locations/list');
  return fetchMock;
}

describe('Add a New Location wizard', () => {
  it("refuses Next without a name: 'Please enter location name'", async () => {
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add Location' }, FIRST_RENDER),
    );
    expect(await screen.findByText('Add a New Location')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter location name')).toBeInTheDocument();
  });

  it("checks the zip code: 'Please enter proper zipcode'", async () => {
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add Location' }, FIRST_RENDER),
    );
    await userEvent.type(await screen.findByLabelText(/Location name/), 'Depot');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(await screen.findByLabelText('Zip code'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter proper zipcode')).toBeInTheDocument();
  });

  it('needs name, phone and e-mail for a new client, then posts the location and client', async () => {
    const fetchMock = open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add Location' }, FIRST_RENDER),
    );
    await userEvent.type(await screen.findByLabelText(/Location name/), 'Depot');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByText('New client'));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Please enter client name')).toBeInTheDocument();
    expect(screen.getByText('Please enter contact number')).toBeInTheDocument();
    expect(screen.getByText('Please enter a client email')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Client name/), 'Acme Storage');
    await userEvent.type(screen.getByLabelText(/Contact number/), '12ab');
    expect(await screen.findByText('Please enter numeric value')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Contact number/));
    await userEvent.type(screen.getByLabelText(/Contact number/), '5551234');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ops@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => urlOf(input).includes('svc=addLocationAndClient')),
      ).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([input]) =>
      urlOf(input).includes('svc=addLocationAndClient'),
    );
    const body = new URLSearchParams(typeof call?.[1]?.body === 'string' ? call[1].body : '');
    expect(JSON.parse(body.get('location') ?? '{}')).toMatchObject({
      name: 'Depot',
      timezone: '-8.00',
      viewpref: 'outlet_controls',
      dst: 'no',
    });
    expect(JSON.parse(body.get('client') ?? '{}')).toMatchObject({
      firstName: 'Acme Storage',
      phone: '5551234',
      email: 'ops@acme.test',
      isClient: true,
    });
    expect(await screen.findByText('Location added successfully')).toBeInTheDocument();
  });
});

/** The posted location and client objects of the add call, or undefined when none was made. */
function posted(fetchMock: ReturnType<typeof open>) {
  const call = fetchMock.mock.calls.find(([input]) =>
    urlOf(input).includes('svc=addLocationAndClient'),
  );
  if (!call) return undefined;
  const body = new URLSearchParams(typeof call[1]?.body === 'string' ? call[1].body : '');
  return {
    location: JSON.parse(body.get('location') ?? '{}') as Record<string, unknown>,
    client: JSON.parse(body.get('client') ?? 'null') as Record<string, unknown> | null,
  };
}

describe('Add a New Location wizard: group and the whole new client', () => {
  it('offers only the groups the user manages and sends the chosen group and every client field', async () => {
    const fetchMock = open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add Location' }, FIRST_RENDER),
    );
    await userEvent.type(await screen.findByLabelText(/Location name/), 'Depot');
    // the label names the input and its listbox: the input is the one to click
    const group = screen.getAllByLabelText('Group').find((el) => el.tagName === 'INPUT');
    if (!group) throw new Error('no Group input');
    await userEvent.click(group);
    expect(await screen.findByRole('option', { name: 'North depots' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Not mine' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'North depots' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(await screen.findByLabelText('City'), 'Reno');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByText('New client'));
    const fill: [RegExp, string][] = [
      [/^Client name/, 'Ada'],
      [/^Last name/, 'Lovelace'],
      [/^Company/, 'Engines Ltd'],
      [/^Email/, 'ada@engines.test'],
      [/^Contact number/, '5551234'],
      [/^Second contact number/, '5555678'],
      [/^Client address$/, '1 Main St'],
      [/^Client address 2/, 'Suite 4'],
      [/^Client city/, 'Sparks'],
      [/^Client region/, 'NV'],
      [/^Client country/, 'USA'],
      [/^Client zip code/, '89431'],
    ];
    for (const [label, value] of fill) await userEvent.type(screen.getByLabelText(label), value);
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(posted(fetchMock)).toBeDefined());
    const sent = posted(fetchMock);
    expect(sent?.location).toMatchObject({ name: 'Depot', city: 'Reno', groupId: 'g-mine' });
    expect(sent?.client).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Engines Ltd',
      email: 'ada@engines.test',
      phone: '5551234',
      phone2: '5555678',
      address: '1 Main St',
      address2: 'Suite 4',
      city: 'Sparks',
      region: 'NV',
      country: 'USA',
      postalCode: '89431',
      isClient: true,
    });
  });

  it("refuses a new client without a phone: 'Please enter contact number', nothing sent", async () => {
    const fetchMock = open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add Location' }, FIRST_RENDER),
    );
    await userEvent.type(await screen.findByLabelText(/Location name/), 'Depot');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByText('New client'));
    await userEvent.type(screen.getByLabelText(/^Client name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@engines.test');
    await userEvent.type(screen.getByLabelText(/^Second contact number/), 'x1');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Please enter contact number')).toBeInTheDocument();
    expect(screen.getByText('Please enter numeric value')).toBeInTheDocument();
    expect(screen.getByText('Add a New Location')).toBeInTheDocument();
    expect(posted(fetchMock)).toBeUndefined();
  });
});

describe('toPayload', () => {
  it('sends an existing client as clientContact and no client object', () => {
    const payload = toPayload({
      ...wizardDefaults,
      name: 'A',
      clientContact: 'c1',
      installDate: '2024-02-29',
    });
    expect(payload.client).toBeUndefined();
    expect(payload.location).toMatchObject({
      clientContact: 'c1',
      installyear: '2024',
      installmonth: '02',
      installday: '29',
    });
  });
});

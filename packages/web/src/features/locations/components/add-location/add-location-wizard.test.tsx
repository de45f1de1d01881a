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

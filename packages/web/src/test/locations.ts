import type { Location, LocationSettingsView, SitesPage } from '@powerdeck/domain';
import { SITE } from './devices';
import { publicConfig, renderRoute, signedInUser, stubApi, urlOf } from './render';

type Answers = Parameters<typeof stubApi>[0];
type Answer = Answers[string];

/** A location record as `getSitesData` lists it; an owner's watched-nothing office by default. */
export function buildLocation(overrides: Partial<Location> = {}): Location {
  return {
    siteId: '1',
    name: 'Main Office',
    client: 'Acme',
    clientId: 'c1',
    permLvl: 'owner',
    otltLock: false,
    watched: false,
    muted: false,
    primeContact: null,
    primeContactDetails: null,
    ...overrides,
  };
}

/**
 * A location's settings as the `settings` call answers them: an owner's unlocked Harbor View
 * Lobby at GMT -8.00 without DST, its devices opening on outlet controls. `general` overrides
 * the General fields, `overrides` the rest.
 */
export function buildLocationSettings(
  general: Partial<LocationSettingsView['general']> = {},
  overrides: Partial<Omit<LocationSettingsView, 'general'>> = {},
): LocationSettingsView {
  return {
    siteId: SITE,
    permLvl: 'owner',
    otltLock: false,
    watched: false,
    muted: false,
    ...overrides,
    general: {
      locationName: 'Harbor View Lobby',
      installationDate: '',
      timezone: '-8.00',
      dst: 'no',
      address: '',
      address2: '',
      city: '',
      region: '',
      country: '',
      zipCode: '94111',
      devViewPref: 'outlet_controls',
      ...general,
    },
  };
}

/** One `getSitesData` page of 12. */
export function sitesPage(
  records: Location[],
  pageNo = 1,
  totalRecords = records.length,
): SitesPage {
  return { records, totalRecords, pageNo, recordsPerPage: 12 };
}

/**
 * Renders /locations/list for the signed-in test user with the API stubbed: the sites, their
 * device counts, optionally the user's levels (`getUserSitesData`), and any other answers.
 */
export function renderLocationsList({
  sites,
  counts,
  levels,
  extra = {},
}: {
  sites: Answer;
  counts: Answer;
  levels?: Location['permLvl'][];
  extra?: Answers;
}) {
  const fetchMock = stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    getSitesData: sites,
    getDeviceCount: counts,
    ...(levels && {
      getUserSitesData: {
        body: {
          records: levels.map((permLvl, i) => ({ siteId: `u${i}`, name: `Site ${i}`, permLvl })),
        },
      },
    }),
    ...extra,
  });
  /** The URLs the page called with `svc`. */
  const calls = (svc: string) =>
    fetchMock.mock.calls.map(([input]) => urlOf(input)).filter((u) => u.includes(`svc=${svc}`));
  return { ...renderRoute('/locations/list'), fetchMock, calls };
}

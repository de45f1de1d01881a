import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestQueryClient, signedInUser, stubApi } from '../test/render';
import { sitesKeys, NO_FILTERS } from '../features/locations/api/get-sites-data';
import { deviceKeys } from '../features/devices/api/device-keys';
import { buildMeta, controlsPath } from '../test/devices';
import { prefetchRouteData } from './prefetch-route-data';

const emptySites = { records: [], totalRecords: 0, pageNo: 1, recordsPerPage: 12 };
const svcs = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([input]) =>
    new URL(input instanceof Request ? input.url : input, 'http://localhost').searchParams.get(
      'svc',
    ),
  );

describe('prefetchRouteData', () => {
  afterEach(() => window.localStorage.clear());

  it("asks for the locations list's first page once the session check says someone is signed in", async () => {
    const fetchMock = stubApi({
      session: { body: { user: signedInUser } },
      getSitesData: { body: emptySites },
    });
    const queryClient = createTestQueryClient();

    prefetchRouteData(queryClient, '/locations/list');

    await waitFor(() =>
      expect(queryClient.getQueryData(sitesKeys.cards(NO_FILTERS))).toEqual({
        pages: [emptySites],
        pageParams: [1],
      }),
    );
    expect(svcs(fetchMock)).toEqual(['session', 'getSitesData']);
  });

  it('asks for no data for a signed-out visitor', async () => {
    const fetchMock = stubApi({
      session: { body: { user: null } },
      getSitesData: { body: emptySites },
    });
    const queryClient = createTestQueryClient();

    prefetchRouteData(queryClient, '/locations/list');

    await waitFor(() =>
      expect(queryClient.getQueryState(['auth', 'session'])?.status).toBe('success'),
    );
    // the list's module import is the last step before the request: let it settle
    await import('../features/locations/api/get-sites-data');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(svcs(fetchMock)).toEqual(['session']);
  });

  it("asks for a device panel's device meta", async () => {
    const meta = buildMeta();
    const fetchMock = stubApi({ session: { body: { user: signedInUser } }, meta: { body: meta } });
    const queryClient = createTestQueryClient();

    prefetchRouteData(queryClient, controlsPath(meta));

    await waitFor(() =>
      expect(queryClient.getQueryData(deviceKeys.meta(meta.devId))).toEqual(meta),
    );
    expect(svcs(fetchMock)).toEqual(['session', 'meta']);
  });

  it("leaves the table view (a person's own choice) to the page", () => {
    window.localStorage.setItem('powerdeck.locations.view', JSON.stringify('table'));
    const fetchMock = stubApi({ session: { body: { user: signedInUser } } });

    prefetchRouteData(createTestQueryClient(), '/locations/list');

    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { notifications } from '@mantine/notifications';
import { messages, type Location, type SitesPage } from '@powerdeck/domain';
import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { patchLocation, replaceLastPageEntries } from '../state/replace-last-page';
import { getSitesData, sitesKeys, type SiteFilters } from './get-sites-data';

type Toggle = 'watch' | 'mute';

const CALLS = {
  watch: { on: api.locationAdmin.addSite, off: api.locationAdmin.deleteSite, flag: 'watched' },
  mute: { on: api.locationAdmin.muteSite, off: api.locationAdmin.unmuteSite, flag: 'muted' },
} as const;

/** The spec §8 toast for a toggle's outcome; `on` is the state that was asked for. */
export function toggleToast(kind: Toggle, on: boolean, ok: boolean): string {
  if (kind === 'watch') {
    if (ok) return on ? messages.watchAdded : messages.watchRemoved;
    return on ? messages.watchAddFailed : messages.watchRemoveFailed;
  }
  if (ok) return on ? messages.muted : messages.unmuted;
  return on ? messages.muteFailed : messages.unmuteFailed;
}

function patchCache(client: QueryClient, siteId: string, patch: Partial<Location>) {
  client.setQueriesData<InfiniteData<SitesPage>>(
    { queryKey: [...sitesKeys.all, 'cards'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((p) => ({ ...p, records: patchLocation(p.records, siteId, patch) })),
      },
  );
  client.setQueriesData<SitesPage>({ queryKey: [...sitesKeys.all, 'table'] }, (page) =>
    page ? { ...page, records: patchLocation(page.records, siteId, patch) } : page,
  );
}

/** After a change, reload only the last loaded card page and replace its last 8 entries. */
async function refreshLastPage(client: QueryClient) {
  const cached = client.getQueriesData<InfiniteData<SitesPage>>({
    queryKey: [...sitesKeys.all, 'cards'],
  });
  for (const [key, data] of cached) {
    const last = data?.pages[data.pages.length - 1];
    const filters = key[3] as SiteFilters | undefined;
    if (!data || !last || !filters) continue;
    const fresh = await getSitesData(
      { pageNo: last.pageNo, recordsPerPage: last.recordsPerPage },
      filters,
    );
    client.setQueryData<InfiniteData<SitesPage>>(key, (current) => {
      if (!current) return current;
      const pages = [...current.pages];
      const lastPage = pages[pages.length - 1];
      if (!lastPage) return current;
      pages[pages.length - 1] = {
        ...fresh,
        records: replaceLastPageEntries(lastPage.records, fresh.records),
      };
      return { ...current, pages };
    });
  }
}

/** A location's watch (eye) or mute (bell) toggle: one request at a time, with the §8 toasts. */
export function useSiteToggle(kind: Toggle, siteId: string) {
  const client = useQueryClient();
  const call = CALLS[kind];
  return useMutation({
    mutationFn: async (on: boolean) => {
      await (on ? call.on : call.off)({ siteId });
    },
    onSuccess: async (_data, on) => {
      notifications.show({ color: 'green', message: toggleToast(kind, on, true) });
      patchCache(client, siteId, { [call.flag]: on });
      await client.invalidateQueries({ queryKey: sitesKeys.watched });
      await client.invalidateQueries({ queryKey: ['locations', siteId, 'settings'] });
      await refreshLastPage(client).catch(() => undefined);
    },
    onError: (_error, on) => {
      notifications.show({ color: 'red', message: toggleToast(kind, on, false) });
    },
  });
}

import {
  LOCATIONS_PAGE_SIZE,
  LOCATIONS_SCROLL_PAGE_SIZE,
  type SiteSort,
  type SitesPage,
} from '@powerdeck/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The Refine modal's choices (spec §2): sort, status active, clients. */
export interface SiteFilters {
  sortBy: SiteSort;
  activeOnly: boolean;
  clientIds: string[];
}

export const NO_FILTERS: SiteFilters = { sortBy: 'alphabetical', activeOnly: false, clientIds: [] };

export function filterQuery(filters: SiteFilters) {
  return {
    sortBy: filters.sortBy,
    status: filters.activeOnly ? ('active' as const) : undefined,
    clientIds: filters.clientIds.length > 0 ? filters.clientIds.join(',') : undefined,
  };
}

export function getSitesData(
  params: { pageNo: number; recordsPerPage: number | 'all' },
  filters: SiteFilters = NO_FILTERS,
  signal?: AbortSignal,
): Promise<SitesPage> {
  return api.locations.getSitesData({ ...params, ...filterQuery(filters) }, { signal });
}

/** The page after `last`, or undefined once every record has been loaded. */
export function nextSitesPage(last: SitesPage): number | undefined {
  const loaded = last.pageNo * last.recordsPerPage;
  return last.records.length > 0 && loaded < last.totalRecords ? last.pageNo + 1 : undefined;
}

export const sitesKeys = {
  all: ['locations', 'sites'] as const,
  cards: (filters: SiteFilters) => ['locations', 'sites', 'cards', filters] as const,
  table: (filters: SiteFilters, pageNo: number) =>
    ['locations', 'sites', 'table', filters, pageNo] as const,
  watched: ['locations', 'sites', 'watched'] as const,
};

/** All locations, 12 at a time, for the scroll-loaded card view (ARCHITECTURE §7). */
export function useSitesPages(
  filters: SiteFilters = NO_FILTERS,
  recordsPerPage = LOCATIONS_SCROLL_PAGE_SIZE,
) {
  return useInfiniteQuery(sitesPagesQuery(filters, recordsPerPage));
}

/** The card view's query (also prefetched on a fresh load of the list, app/prefetch-route-data). */
export function sitesPagesQuery(
  filters: SiteFilters = NO_FILTERS,
  recordsPerPage = LOCATIONS_SCROLL_PAGE_SIZE,
) {
  return infiniteQueryOptions({
    queryKey: sitesKeys.cards(filters),
    queryFn: ({ pageParam, signal }) =>
      getSitesData({ pageNo: pageParam, recordsPerPage }, filters, signal),
    initialPageParam: 1,
    getNextPageParam: nextSitesPage,
  });
}

/** One page of 18 for the table view. */
export function useSitesTablePage(filters: SiteFilters, pageNo: number) {
  return useQuery({
    queryKey: sitesKeys.table(filters, pageNo),
    queryFn: ({ signal }) =>
      getSitesData({ pageNo, recordsPerPage: LOCATIONS_PAGE_SIZE }, filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** locations svc=getWatchedSitesData: every watched location. */
export function useWatchedSites() {
  return useQuery({
    queryKey: sitesKeys.watched,
    queryFn: ({ signal }) =>
      api.locations.getWatchedSitesData({ pageNo: 1, recordsPerPage: 'all' }, { signal }),
  });
}

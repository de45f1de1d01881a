import { useInfiniteQuery } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';
import { LOCATIONS_SCROLL_PAGE_SIZE, type SitesPage } from '@powerdeck/domain';

export function getSitesData(
  params: { pageNo: number; recordsPerPage: number },
  signal?: AbortSignal,
): Promise<SitesPage> {
  return dataSvc<SitesPage>('locations', 'getSitesData', { query: params, signal });
}

/** The page after `last`, or undefined once every record has been loaded. */
export function nextSitesPage(last: SitesPage): number | undefined {
  const loaded = last.pageNo * last.recordsPerPage;
  return last.records.length > 0 && loaded < last.totalRecords ? last.pageNo + 1 : undefined;
}

/** All locations, 12 at a time, for the scroll-loaded card view (ARCHITECTURE §7). */
export function useSitesPages(recordsPerPage = LOCATIONS_SCROLL_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: ['locations', 'sites', { recordsPerPage }],
    queryFn: ({ pageParam, signal }) => getSitesData({ pageNo: pageParam, recordsPerPage }, signal),
    initialPageParam: 1,
    getNextPageParam: nextSitesPage,
  });
}

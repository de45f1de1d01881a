import type { SearchResult } from '@powerdeck/domain';
import { dataSvc } from '../../../lib/api-client';

export type SearchReq = 'search' | 'autosuggest';

export const searchKeys = {
  all: ['search'] as const,
  query: (req: SearchReq, keyword: string) => ['search', req, keyword] as const,
};

/** `GET /data-svc/searchManagement/data-svc.php?keyword=…&req=…` (spec §7; the call has no svc). */
export function fetchSearch(
  req: SearchReq,
  keyword: string,
  signal?: AbortSignal,
): Promise<SearchResult> {
  return dataSvc<SearchResult>('searchManagement', '', {
    query: { keyword, req },
    ...(signal ? { signal } : {}),
  });
}

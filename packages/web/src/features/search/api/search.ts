import type { SearchResult } from '@powerdeck/domain';
import { api } from '../../../lib/api';

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
  return api.search.search({ keyword, req }, signal ? { signal } : {});
}

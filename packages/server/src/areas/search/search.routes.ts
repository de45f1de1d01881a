import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { SearchService } from './search.service';

/** `GET /data-svc/searchManagement/data-svc.php?keyword=…&req=search|autosuggest` (spec §7). */
export function registerSearchRoutes(calls: CallRegistry, service: SearchService): void {
  calls.implement(callTable.search, {
    search: ({ auth, input }) => service.search(auth.user, input),
  });
}

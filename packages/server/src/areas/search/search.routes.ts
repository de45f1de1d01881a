import { searchQuerySchema } from '@powerdeck/domain';
import { type DataSvc, authedSvc } from '../../http/data-svc';
import type { SearchService } from './search.service';

/** `GET /data-svc/searchManagement/data-svc.php?keyword=…&req=search|autosuggest` (spec §7). */
export function registerSearchRoutes(dataSvc: DataSvc, service: SearchService): void {
  // the spec's call carries no svc: the dispatcher reads it as svc='' (the area's only call)
  dataSvc.area('searchManagement', {
    '': authedSvc({
      methods: ['GET'],
      input: searchQuerySchema,
      handler: ({ auth, input }) => service.search(auth.user, input),
    }),
  });
}

import { useEffect } from 'react';
import { dataSvc } from '../../../lib/api-client';

/** locations svc=visitSite (ours): remembers the opening for the Refine modal's recent-visit sort. */
export function useRecordVisit(siteId: string) {
  useEffect(() => {
    if (siteId === '') return;
    dataSvc('locations', 'visitSite', { method: 'POST', form: { siteId } }).catch(() => undefined);
  }, [siteId]);
}

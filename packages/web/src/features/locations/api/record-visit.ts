import { useEffect } from 'react';
import { api } from '../../../lib/api';

/** locations svc=visitSite (ours): remembers the opening for the Refine modal's recent-visit sort. */
export function useRecordVisit(siteId: string) {
  useEffect(() => {
    if (siteId === '') return;
    api.locationAdmin.visitSite({ siteId }).catch(() => undefined);
  }, [siteId]);
}

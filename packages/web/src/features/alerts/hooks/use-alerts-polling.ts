import { ALERT_POLL_MS, type AlertsList } from '@powerdeck/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { enumerateAlerts } from '../api/alerts-api';

export const alertsQueryKey = ['notificationsManagement', 'enumerate'] as const;

/**
 * The alerts list, polled every 60 s from when the shell mounts until it unmounts (spec §4).
 * `restart` fetches at once and starts the 60 s count again (after a mark-read or unsubscribe).
 */
export function useAlertsPolling() {
  const queryClient = useQueryClient();
  const query = useQuery<AlertsList>({
    queryKey: alertsQueryKey,
    queryFn: enumerateAlerts,
    staleTime: Infinity,
  });
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const start = useCallback(() => {
    clearInterval(timer.current);
    timer.current = setInterval(() => {
      void queryClient.refetchQueries({ queryKey: alertsQueryKey });
    }, ALERT_POLL_MS);
  }, [queryClient]);

  useEffect(() => {
    start();
    return () => clearInterval(timer.current);
  }, [start]);

  const restart = useCallback(() => {
    start();
    void queryClient.refetchQueries({ queryKey: alertsQueryKey });
  }, [queryClient, start]);

  return { ...query, restart };
}

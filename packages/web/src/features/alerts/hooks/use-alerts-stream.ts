import {
  ALERTS_LIST_LIMIT,
  type AlertPush,
  type AlertsList,
  alertPushSchema,
} from '@powerdeck/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dataSvcUrl } from '../../../lib/api-client';
import { alertsQueryKey } from './use-alerts-polling';

/** The signed-in user's alert stream (server-sent events; docs/api/notes-groups-account-alerts.md). */
export const alertStreamUrl = () =>
  dataSvcUrl('eventPuller', '', { script: 'alertsPusher.php' }).replace('?svc=', '');

function parsePush(text: string): AlertPush | undefined {
  try {
    const parsed = alertPushSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Puts a pushed alert at the top of the bell's list and takes its unread count. */
export function withPushedAlert(list: AlertsList | undefined, push: AlertPush): AlertsList {
  const others = (list?.records ?? []).filter((r) => r.id !== push.alert.id);
  return { records: [push.alert, ...others].slice(0, ALERTS_LIST_LIMIT), unread: push.unread };
}

/**
 * Listens to the user's alert stream while the shell is mounted and writes each new alert into
 * the alerts query, so the badge and the panel change at once. The 60 s polling stays as the
 * fallback; the browser reconnects a dropped stream by itself, resuming after the last alert it
 * saw (Last-Event-ID). Where EventSource is missing, polling alone serves.
 */
export function useAlertsStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(alertStreamUrl(), { withCredentials: true });
    let opened = false;
    source.onopen = () => {
      if (opened) return;
      opened = true;
      // Alerts raised between the first fetch and the stream's start: fetch once more (a fetch
      // still running may have read the list before the stream began, so it is replaced).
      void queryClient
        .cancelQueries({ queryKey: alertsQueryKey })
        .then(() => queryClient.refetchQueries({ queryKey: alertsQueryKey }));
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const push = parsePush(message.data);
      if (!push) return;
      queryClient.setQueryData<AlertsList>(alertsQueryKey, (list) => withPushedAlert(list, push));
    };
    return () => source.close();
  }, [queryClient]);
}

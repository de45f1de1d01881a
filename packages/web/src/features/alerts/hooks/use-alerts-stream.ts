import { ALERTS_LIST_LIMIT, type AlertPush, type AlertsList, callTable } from '@powerdeck/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openEventStream } from '../../../lib/event-stream';
import { alertsQueryKey } from './use-alerts-polling';

/** Puts a pushed alert at the top of the bell's list and takes its unread count. */
export function withPushedAlert(list: AlertsList | undefined, push: AlertPush): AlertsList {
  const others = (list?.records ?? []).filter((r) => r.id !== push.alert.id);
  return { records: [push.alert, ...others].slice(0, ALERTS_LIST_LIMIT), unread: push.unread };
}

/**
 * Listens to the user's alert stream (server-sent events; docs/api/notes-groups-account-alerts.md)
 * while the shell is mounted and writes each new alert into the alerts query, so the badge and the
 * panel change at once. Its fallback is the 60 s polling of spec §4 (`useAlertsPolling`), which
 * runs all along, so the stream asks for none of its own; the browser reconnects a dropped stream
 * by itself, resuming after the last alert it saw (Last-Event-ID). Where EventSource is missing,
 * polling alone serves.
 */
export function useAlertsStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let opened = false;
    return openEventStream(
      callTable.alertStream.alertsPusher,
      {},
      {
        onOpen: () => {
          if (opened) return;
          opened = true;
          // Alerts raised between the first fetch and the stream's start: fetch once more (a fetch
          // still running may have read the list before the stream began, so it is replaced).
          void queryClient
            .cancelQueries({ queryKey: alertsQueryKey })
            .then(() => queryClient.refetchQueries({ queryKey: alertsQueryKey }));
        },
        onEvent: (push) => {
          queryClient.setQueryData<AlertsList>(alertsQueryKey, (list) =>
            withPushedAlert(list, push),
          );
        },
      },
    );
  }, [queryClient]);
}

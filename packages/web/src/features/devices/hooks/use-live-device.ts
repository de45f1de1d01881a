import { DATA_REFRESH_MS, type LiveEventEnvelope } from '@powerdeck/domain';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { openDeviceStream } from '../api/device-stream';
import { deviceKeys } from '../api/device-keys';
import type { CommandRegistry } from '../state/command-registry';
import type { PanelAction } from '../state/device-panel-reducer';

export interface LiveHandlers {
  dispatch: (action: PanelAction) => void;
  commands: CommandRegistry;
  /** A device's names, labels or kids changed (besides its meta, which is refetched here). */
  onDeviceChange?: (devId: string) => void;
}

/** Writes one pushed event into the query cache (and the panel state), as a fetch would have. */
export function applyLiveEvent(
  queryClient: QueryClient,
  envelope: LiveEventEnvelope,
  handlers: LiveHandlers,
): void {
  const { event } = envelope;
  if (event.type === 'resync') {
    void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    return;
  }
  const devId = event.kidId ?? event.devId;
  switch (event.type) {
    case 'status':
      queryClient.setQueryData(deviceKeys.status(devId), event.status);
      handlers.dispatch({
        type: 'statusReceived',
        devId,
        time: event.status.time,
        otlts: event.status.otlts,
      });
      return;
    case 'contact':
      queryClient.setQueryData(deviceKeys.contact(devId), event.contact);
      return;
    case 'command': {
      const result = {
        cmdId: event.cmdId,
        state: event.state,
        ...(event.error === undefined ? {} : { error: event.error }),
      };
      handlers.dispatch({ type: 'commandUpdate', devId, ...result });
      handlers.commands.report(result);
      return;
    }
    case 'device':
      if (event.change === 'removed') {
        // the device (or a kid) left its location: its pages say so, lists read again
        if (event.kidId === undefined) queryClient.setQueryData(deviceKeys.removed(devId), true);
        void queryClient.invalidateQueries({ queryKey: deviceKeys.lists });
      }
      // Names, labels or kids changed, or the device came or went: read it again.
      void queryClient.invalidateQueries({ queryKey: deviceKeys.meta(event.devId) });
      handlers.onDeviceChange?.(event.devId);
      void queryClient.invalidateQueries({ queryKey: deviceKeys.contact(devId) });
      if (event.change !== 'info') {
        void queryClient.invalidateQueries({ queryKey: deviceKeys.contact(event.devId) });
      }
      return;
  }
}

/** A device's status query (of a device or a kid: a stream carries both). */
const isDeviceStatus = (query: Query) =>
  query.queryKey[0] === deviceKeys.all[0] && query.queryKey[2] === 'status';

/** Push streams a screen opens at most; devices beyond them are followed by polling. */
export const MAX_PUSH_STREAMS = 4;

export interface LiveDevice {
  devClass: string;
  devId: string;
}

/**
 * The live streams of the given devices (each stream carries the device and its kids) while
 * monitoring is active. Returns, per device id, whether its push stream is up, so the spec's
 * polling can take over while it is not. The first MAX_PUSH_STREAMS devices get a push stream, the
 * others the stream's polling fallback only.
 */
export function useLiveDevices(
  devices: readonly LiveDevice[],
  active: boolean,
  handlers: LiveHandlers,
): Record<string, boolean> {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  // The effect follows the set of devices, not the identity of the array the caller built.
  const key = devices.map((d) => `${d.devClass}/${d.devId}`).join(',');

  useEffect(() => {
    if (!active || key === '') return undefined;
    const closers = key.split(',').map((entry, index) => {
      const [devClass = '', devId = ''] = entry.split('/');
      return openDeviceStream({
        devClass,
        devId,
        pollMs: DATA_REFRESH_MS,
        push: index < MAX_PUSH_STREAMS,
        onEvent: (envelope) => applyLiveEvent(queryClient, envelope, handlersRef.current),
        onStreamChange: (up) => {
          setOpen((current) => ({ ...current, [devId]: up }));
          // A stream carries what happens from when it opens: what the devices reported between
          // the page's data (fetched, or come with the page from the server) and then is read
          // once more, else a switch made meanwhile would show "in progress" until the next report.
          if (up) void queryClient.invalidateQueries({ predicate: isDeviceStatus });
        },
      });
    });
    return () => {
      closers.forEach((close) => close());
      setOpen({});
    };
  }, [active, key, queryClient]);

  return active ? open : {};
}

import { DATA_REFRESH_MS, type LiveEventEnvelope } from '@powerdeck/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { openDeviceStream } from '../../../lib/event-stream';
import { deviceKeys } from '../api/device-keys';
import type { CommandRegistry } from '../state/command-registry';
import type { PanelAction } from '../state/device-panel-reducer';

export interface LiveHandlers {
  dispatch: (action: PanelAction) => void;
  commands: CommandRegistry;
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
      // Names, labels or kids changed, or the device came or went: read it again.
      void queryClient.invalidateQueries({ queryKey: deviceKeys.meta(event.devId) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.contact(devId) });
      if (event.change !== 'info') {
        void queryClient.invalidateQueries({ queryKey: deviceKeys.contact(event.devId) });
      }
      return;
  }
}

/**
 * The live stream of the panel's device while monitoring is active. Returns whether it is up, so
 * the spec's polling can take over while it is not.
 */
export function useLiveDevice(
  device: { devClass: string; devId: string } | undefined,
  active: boolean,
  handlers: LiveHandlers,
): boolean {
  const queryClient = useQueryClient();
  const [streamOpen, setStreamOpen] = useState(false);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  const devClass = device?.devClass;
  const devId = device?.devId;

  useEffect(() => {
    if (!active || !devClass || !devId) return undefined;
    const close = openDeviceStream({
      devClass,
      devId,
      pollMs: DATA_REFRESH_MS,
      onEvent: (envelope) => applyLiveEvent(queryClient, envelope, handlersRef.current),
      onStreamChange: setStreamOpen,
    });
    return () => {
      close();
      setStreamOpen(false);
    };
  }, [active, devClass, devId, queryClient]);

  return active && streamOpen;
}

import {
  liveEventEnvelopeSchema,
  liveEventsPageSchema,
  type LiveEventEnvelope,
} from '@powerdeck/domain';
import { dataSvcUrl } from './api-client';

/**
 * The live stream of one device (spec §7 `eventPuller/eventPullerPusher.php`, server-sent
 * events) with `eventPuller/getEvents.php` polling as its fallback while the stream is down. Each
 * envelope is handed to `onEvent`, which writes it into the query cache, so a pushed change and a
 * fetched one look the same to components.
 */
export interface DeviceStreamOptions {
  devClass: string;
  devId: string;
  onEvent: (envelope: LiveEventEnvelope) => void;
  /** True while the push stream is open; false while the fallback polls. */
  onStreamChange?: (open: boolean) => void;
  /** Polling interval of the fallback (spec §9: data refreshed every two seconds). */
  pollMs: number;
  /**
   * False polls only, without opening a push stream: a screen following many devices keeps the
   * browser's few connections per host (HTTP/1.1 allows six) free for its other calls.
   */
  push?: boolean;
}

function streamUrl(devClass: string, devId: string): string {
  return dataSvcUrl('eventPuller', '', {
    script: 'eventPullerPusher.php',
    query: { devClass, devId, batch: 'yes' },
  }).replace('svc=&', '');
}

function pollUrl(devClass: string, devId: string, since: number): string {
  return dataSvcUrl('eventPuller', '', {
    script: 'getEvents.php',
    query: { clientId: since, devClass, devId, batch: 'yes' },
  }).replace('svc=&', '');
}

function parseEnvelope(text: string): LiveEventEnvelope | undefined {
  try {
    const parsed = liveEventEnvelopeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Opens the stream (or the fallback) and returns the function that closes it. */
export function openDeviceStream(options: DeviceStreamOptions): () => void {
  const { devClass, devId, onEvent, onStreamChange, pollMs, push = true } = options;
  let closed = false;
  let since = Date.now();
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let source: EventSource | undefined;
  let streamOpen = false;

  const poll = async () => {
    try {
      const response = await fetch(pollUrl(devClass, devId, since), { credentials: 'include' });
      if (response.ok) {
        const page = liveEventsPageSchema.safeParse(await response.json());
        if (page.success && !closed) {
          since = page.data.timestamp;
          page.data.events.forEach(onEvent);
        }
      }
    } catch {
      // Polling continues after a failed round (spec §4).
    }
    pollTimer = undefined;
    if (!closed && !streamOpen) startPolling();
  };

  const startPolling = () => {
    if (pollTimer === undefined && !closed) pollTimer = setTimeout(() => void poll(), pollMs);
  };

  if (!push || typeof EventSource === 'undefined') {
    onStreamChange?.(false);
    startPolling();
  } else {
    source = new EventSource(streamUrl(devClass, devId), { withCredentials: true });
    source.onopen = () => {
      streamOpen = true;
      clearTimeout(pollTimer);
      pollTimer = undefined;
      onStreamChange?.(true);
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const envelope = parseEnvelope(message.data);
      if (envelope) {
        since = Math.max(since, envelope.at);
        onEvent(envelope);
      }
    };
    source.onerror = () => {
      // EventSource reconnects by itself; poll meanwhile so nothing is missed.
      streamOpen = false;
      onStreamChange?.(false);
      startPolling();
    };
  }

  return () => {
    closed = true;
    source?.close();
    clearTimeout(pollTimer);
  };
}

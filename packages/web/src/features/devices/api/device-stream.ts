import { type LiveEventEnvelope, callTable } from '@powerdeck/domain';
import { api } from '../../../lib/api';
import { openEventStream } from '../../../lib/event-stream';

/**
 * The live events of one device and its kids (spec §7 `eventPuller/eventPullerPusher.php`), with
 * `eventPuller/getEvents.php` polling as the fallback while the stream is down. Each envelope is
 * handed to `onEvent`, which writes it into the query cache, so a pushed change and a fetched one
 * look the same to components.
 */
export interface DeviceStreamOptions {
  devClass: string;
  devId: string;
  onEvent: (envelope: LiveEventEnvelope) => void;
  /** True while the push stream is open; false while the fallback polls. */
  onStreamChange?: (open: boolean) => void;
  /** Polling interval of the fallback (spec §9: data refreshed every two seconds). */
  pollMs: number;
  /** False polls only, without opening a push stream (see `openEventStream`). */
  push?: boolean;
}

/** Opens the stream (or the fallback) and returns the function that closes it. */
export function openDeviceStream(options: DeviceStreamOptions): () => void {
  const { devClass, devId, onEvent, onStreamChange, pollMs, push = true } = options;
  const device = { devClass, devId, batch: 'yes' };
  /** The time the fallback asks for events after: the last answer's, or the last event's. */
  let since = Date.now();
  return openEventStream(callTable.deviceStreams.eventPullerPusher, device, {
    push,
    onEvent: (envelope) => {
      since = Math.max(since, envelope.at);
      onEvent(envelope);
    },
    ...(onStreamChange ? { onStreamChange } : {}),
    poll: {
      everyMs: pollMs,
      events: async () => {
        const page = await api.deviceStreams.getEvents({ ...device, clientId: since });
        since = page.timestamp;
        return page.events;
      },
    },
  });
}

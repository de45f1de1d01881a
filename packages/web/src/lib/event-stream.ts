import type { CallDef, CallInput, CallOutput } from '@powerdeck/domain';
import { callUrl } from './api';

/**
 * The console's one live-stream client: a live stream of the call table (server-sent events,
 * `stream` entries: a device's events, the user's alerts) opened with EventSource at the entry's
 * URL, each event's data parsed with the entry's output schema, and a polling fallback that runs
 * while the stream is not open. The browser reconnects a dropped stream by itself, resuming after
 * the last event it saw (Last-Event-ID).
 */
export interface EventStreamOptions<E> {
  /** Each event whose data matches the call's output schema (others are dropped). */
  onEvent: (event: E) => void;
  /** The stream opened, the first time or again after a reconnect. */
  onOpen?: () => void;
  /** True while the push stream is open; false while it is down or not opened. */
  onStreamChange?: (open: boolean) => void;
  /**
   * False polls only, without opening a push stream: a screen following many devices keeps the
   * browser's few connections per host (HTTP/1.1 allows six) free for its other calls.
   */
  push?: boolean;
  /**
   * The fallback while the stream is not open (or where EventSource is missing): `events` every
   * `everyMs` (spec §4: polling continues after a failed round), each handed to `onEvent`.
   */
  poll?: { everyMs: number; events: () => Promise<readonly E[]> };
}

function parseData<C extends CallDef>(call: C, text: string): CallOutput<C> | undefined {
  try {
    const parsed = call.output.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as CallOutput<C>) : undefined;
  } catch {
    return undefined;
  }
}

/** Opens a live stream of the call table (or its fallback); returns the function that closes it. */
export function openEventStream<C extends CallDef & { stream: true }>(
  call: C,
  input: CallInput<C>,
  options: EventStreamOptions<CallOutput<C>>,
): () => void {
  const { onEvent, onOpen, onStreamChange, poll, push = true } = options;
  let closed = false;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let source: EventSource | undefined;
  let streamOpen = false;

  const pollOnce = async (events: () => Promise<readonly CallOutput<C>[]>) => {
    try {
      const received = await events();
      if (!closed) received.forEach(onEvent);
    } catch {
      // Polling continues after a failed round (spec §4).
    }
    pollTimer = undefined;
    if (!closed && !streamOpen) startPolling();
  };

  const startPolling = () => {
    if (poll === undefined || pollTimer !== undefined || closed) return;
    pollTimer = setTimeout(() => void pollOnce(poll.events), poll.everyMs);
  };

  if (!push || typeof EventSource === 'undefined') {
    onStreamChange?.(false);
    startPolling();
  } else {
    source = new EventSource(callUrl(call, input), { withCredentials: true });
    source.onopen = () => {
      streamOpen = true;
      clearTimeout(pollTimer);
      pollTimer = undefined;
      onStreamChange?.(true);
      onOpen?.();
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const event = parseData(call, message.data);
      if (event !== undefined) onEvent(event);
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

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from './data-svc';
import type { SessionStreams } from './session-streams';

/**
 * The live streams' one server side (server-sent events): framing, the heartbeat that checks the
 * session again, resume, shutdown and the per-session cap. A stream call of the call table answers
 * only its subscription (`StreamSubscription`); the call registry serves it with `serveEventStream`.
 */

/** How often an open stream sends a comment and checks its session again. */
export const HEARTBEAT_MS = 15_000;

/** How long the browser waits before reconnecting a dropped stream (the stream's first frame). */
export const RETRY_MS = 2_000;

/** The input field `Last-Event-ID` stands for (the header wins over the query). */
export const LAST_EVENT_ID_FIELD = 'lastEventId';

/** One event of a stream: `id` is what `Last-Event-ID` sends back to resume after it. */
export interface StreamEvent<E> {
  id: number | string;
  data: E;
}

/** One SSE frame: its id and its data as one line of JSON. */
export function eventFrame<E>(event: StreamEvent<E>): string {
  return `id: ${event.id}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** An open stream, as its subscription sees it. */
export interface EventStream<E> {
  send: (event: StreamEvent<E>) => void;
  /** Checks the session again; false, with the stream ended, once it is gone. */
  stillOpen: () => Promise<boolean>;
  /** Ends the stream (its subscription's end runs once). */
  close: () => void;
  readonly closed: boolean;
}

/**
 * What a stream call answers once its input and access are checked: its subscription, started
 * when the stream is open. It returns the function that ends it (unsubscribe, unwatch).
 */
export type StreamSubscription<E> = (stream: EventStream<E>) => () => void;

export interface ServeEventStreamOptions<E> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The stream counts against this session's cap, and ends with the session. */
  sessionId: string;
  sessions: SessionStreams;
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<AuthContext | null>;
  subscribe: StreamSubscription<E>;
  heartbeatMs?: number;
  /** Throws for an event outside the call's contract (tests): the stream then ends. */
  check?: (data: E) => void;
}

/**
 * Answers the request with a live stream: `retry: 2000`, then the subscription's events, a
 * heartbeat comment every 15 s that also checks the session (a revoked session's stream ends),
 * counted against the session's cap (its oldest stream may close for it), and ended when the
 * client goes, the session ends, or the app closes (`sessionStreamsOf`).
 */
export function serveEventStream<E>(options: ServeEventStreamOptions<E>): void {
  const { request, reply, authenticate } = options;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${RETRY_MS}\n\n`);

  let closed = false;
  /** What ending the stream undoes, in order (the heartbeat, the cap, the subscription). */
  const ends: (() => void)[] = [];
  const close = () => {
    if (closed) return;
    closed = true;
    for (const end of ends) end();
    res.end();
  };
  const stream: EventStream<E> = {
    send(event) {
      if (closed) return;
      try {
        options.check?.(event.data);
      } catch (err) {
        request.log.error({ err }, 'live stream event outside its contract');
        close();
        return;
      }
      res.write(eventFrame(event));
    },
    async stillOpen() {
      if (!closed && !(await authenticate(request, reply))) close();
      return !closed;
    },
    close,
    get closed() {
      return closed;
    },
  };

  const unsubscribe = options.subscribe(stream);
  if (closed) {
    // closed while starting (an event outside its contract): nothing more to hold
    unsubscribe();
    return;
  }
  const heartbeat = setInterval(() => {
    stream
      .stillOpen()
      .then((open) => open && res.write(`: heartbeat ${Date.now()}\n\n`))
      .catch(() => close());
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  // Counted against the session's cap once set up: the session's oldest stream may close for it.
  const release = options.sessions.open(options.sessionId, { res, close });
  ends.push(() => clearInterval(heartbeat), release, unsubscribe);
  request.raw.on('close', close);
  res.on('error', close);
}

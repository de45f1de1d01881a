import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';

/** Live event streams one session may hold open on a server (device and alert streams together). */
export const STREAMS_PER_SESSION = 20;

/** Seconds an EventSource whose stream was closed for the cap waits before it reconnects. */
export const EVICTED_RETRY_SECONDS = 60;

/**
 * The last frame of a stream closed for the cap. Its `retry` makes the browser wait a minute
 * before reconnecting (the console polls meanwhile), instead of evicting the next oldest stream
 * of the session two seconds later, and so on round the tabs.
 */
export const EVICTED_FRAME = `: closed: more than ${STREAMS_PER_SESSION} live streams on this session\nretry: ${EVICTED_RETRY_SECONDS * 1000}\n\n`;

/** An open live stream: its response, and the function that ends it and releases what it holds. */
export interface LiveStream {
  readonly res: Pick<ServerResponse, 'write' | 'writableEnded'>;
  close(): void;
}

/**
 * The live streams open on this server, per session, capped: opening one more than the cap closes
 * the session's oldest first. Each stream calls the release `open` returns when it ends (however
 * it ends), so a closed stream never counts. The cap is per server: with several servers behind
 * a load balancer a session may hold the cap on each (each server's resources stay bounded).
 */
export class SessionStreams {
  /** Per session, its streams in the order they opened (a Set keeps insertion order). */
  private readonly bySession = new Map<string, Set<LiveStream>>();

  constructor(readonly limit = STREAMS_PER_SESSION) {}

  /** Counts a newly opened stream against its session; returns its release. */
  open(sessionId: string, stream: LiveStream): () => void {
    let streams = this.bySession.get(sessionId);
    if (!streams) {
      streams = new Set();
      this.bySession.set(sessionId, streams);
    }
    for (const oldest of streams) {
      if (streams.size < this.limit) break;
      streams.delete(oldest);
      if (!oldest.res.writableEnded) oldest.res.write(EVICTED_FRAME);
      oldest.close();
    }
    streams.add(stream);
    const held = streams;
    return () => {
      held.delete(stream);
      if (held.size === 0 && this.bySession.get(sessionId) === held) {
        this.bySession.delete(sessionId);
      }
    };
  }

  /** Streams the session holds open on this server. */
  count(sessionId: string): number {
    return this.bySession.get(sessionId)?.size ?? 0;
  }

  /** Closes every stream (the server is closing: open streams would hold it open). */
  closeAll(): void {
    for (const streams of [...this.bySession.values()]) {
      for (const stream of [...streams]) stream.close();
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionStreams: SessionStreams;
  }
}

/**
 * The app's one SessionStreams, shared by every live stream route (device and alert streams count
 * against the same cap); made on first use, and closing every stream when the app closes.
 */
export function sessionStreamsOf(app: FastifyInstance): SessionStreams {
  if (!app.hasDecorator('sessionStreams')) {
    const streams = new SessionStreams();
    app.decorate('sessionStreams', streams);
    app.addHook('preClose', (done) => {
      streams.closeAll();
      done();
    });
  }
  return app.sessionStreams;
}

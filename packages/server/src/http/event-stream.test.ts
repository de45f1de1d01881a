import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { AuthContext } from './data-svc';
import { type StreamSubscription, serveEventStream } from './event-stream';
import { SessionStreams } from './session-streams';

const auth: AuthContext = {
  sessionId: 's1',
  user: { userId: 'u1', email: 'a@example.com', firstName: 'A', lastName: 'B', tier: 'STANDARD' },
};

/** An app serving one stream at /stream whose subscription the test gives. */
function streamApp(
  subscribe: StreamSubscription<unknown>,
  sessions = new SessionStreams(),
  session = (): AuthContext | null => auth,
) {
  const app = Fastify({ logger: false });
  app.get('/stream', (request, reply) => {
    serveEventStream({
      request,
      reply,
      sessionId: 's1',
      sessions,
      authenticate: () => Promise.resolve(session()),
      subscribe,
      heartbeatMs: 5,
    });
  });
  return app;
}

describe('the live stream helper', () => {
  it('frames each event as id and one line of JSON data, after retry', async () => {
    const ended = vi.fn();
    const app = streamApp((stream) => {
      stream.send({ id: 7, data: { a: 1 } });
      stream.send({ id: 'x9', data: 'two\nlines' });
      stream.close();
      return ended;
    });
    const response = await app.inject('/stream');
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.body).toBe(
      'retry: 2000\n\nid: 7\ndata: {"a":1}\n\nid: x9\ndata: "two\\nlines"\n\n',
    );
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('counts the stream against its session while open, and releases it when it ends', async () => {
    const sessions = new SessionStreams();
    let close = (): void => undefined;
    const app = streamApp((stream) => {
      close = stream.close;
      return () => undefined;
    }, sessions);
    await app.ready();
    const response = app.inject('/stream');
    await vi.waitFor(() => expect(sessions.count('s1')).toBe(1));
    close();
    await response;
    expect(sessions.count('s1')).toBe(0);
  });

  it('sends heartbeats while the session lasts, and ends at the first one after it is gone', async () => {
    const sessions = new SessionStreams();
    let signedIn = true;
    const ended = vi.fn();
    let heartbeats = 0;
    const app = streamApp(
      () => ended,
      sessions,
      () => {
        // the third check finds the session gone
        heartbeats++;
        if (heartbeats === 3) signedIn = false;
        return signedIn ? auth : null;
      },
    );
    const response = await app.inject('/stream');
    expect(response.body.match(/^: heartbeat \d+$/gm)).toHaveLength(2);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(sessions.count('s1')).toBe(0);
  });
});

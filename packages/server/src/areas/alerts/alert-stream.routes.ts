import type { AlertPush, AlertRecord } from '@powerdeck/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../../http/data-svc';
import { unauthorized } from '../../http/errors';
import { sessionStreamsOf } from '../../http/session-streams';
import { HEARTBEAT_MS, parseInput } from '../devices/live.routes';
import type { AlertFanout } from './alert-fanout';
import type { AlertsRepository } from './alerts.repository';

export const ALERT_STREAM_PATH = '/data-svc/eventPuller/alertsPusher.php';

export interface AlertStreamDeps {
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<AuthContext | null>;
  repo: Pick<AlertsRepository, 'latestId' | 'newerThan' | 'unread'>;
  fanout: Pick<AlertFanout, 'subscribe'>;
  heartbeatMs?: number;
}

const streamInput = z.object({
  lastEventId: z.coerce
    .number({ message: 'Last-Event-ID must be an alert id' })
    .int('Last-Event-ID must be an alert id')
    .nonnegative('Last-Event-ID must be an alert id')
    .optional(),
});

/** One SSE frame: `id` is the alert id, so Last-Event-ID resumes after it. */
export function alertFrame(alert: AlertRecord, unread: number): string {
  const push: AlertPush = { alert, unread };
  return `id: ${alert.id}\ndata: ${JSON.stringify(push)}\n\n`;
}

/**
 * The signed-in user's alert stream (server-sent events, docs/api/notes-groups-account-alerts.md):
 * every new alert raised for them, on whichever server raised it. It resumes after Last-Event-ID
 * (header, or `lastEventId` in the query); without one it starts with the next new alert. The
 * session is checked again before every push and at every heartbeat: once it is revoked
 * (logout, a password change) the stream ends.
 */
export function registerAlertStreamRoutes(app: FastifyInstance, deps: AlertStreamDeps): void {
  const { authenticate, repo, fanout } = deps;
  const sessionStreams = sessionStreamsOf(app);

  app.get(ALERT_STREAM_PATH, async (request, reply) => {
    const header = request.headers['last-event-id'];
    const query = request.query as { lastEventId?: unknown };
    const input = parseInput(streamInput, {
      lastEventId: typeof header === 'string' && header !== '' ? header : query.lastEventId,
    });
    const auth = await authenticate(request, reply);
    if (!auth) throw unauthorized();
    const userId = auth.user.userId;
    let cursor = input.lastEventId ?? (await repo.latestId(userId));

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 2000\n\n');

    let closed = false;
    const stillSignedIn = async () => {
      if (!closed && !(await authenticate(request, reply))) close();
      return !closed;
    };
    /** Sends every alert after the cursor (a poke says there may be some). */
    const pushNew = async () => {
      if (!(await stillSignedIn())) return;
      for (;;) {
        const batch = await repo.newerThan(userId, cursor);
        if (closed || batch.length === 0) return;
        const unread = await repo.unread(userId);
        for (const alert of batch) {
          res.write(alertFrame(alert, unread));
          cursor = alert.id;
        }
      }
    };
    // Pokes run one at a time; those arriving while one waits to run are folded into it.
    let chain = Promise.resolve();
    let waiting = false;
    const poke = () => {
      if (waiting || closed) return;
      waiting = true;
      chain = chain
        .then(() => {
          waiting = false;
          return pushNew();
        })
        .catch(() => close());
    };

    const unsubscribe = fanout.subscribe(userId, poke);
    const heartbeat = setInterval(() => {
      stillSignedIn()
        .then((open) => open && res.write(`: heartbeat ${Date.now()}\n\n`))
        .catch(() => close());
    }, deps.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
    function close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      release();
      unsubscribe();
      res.end();
    }
    // Counted against the session's cap once set up: the session's oldest stream may close for it.
    const release = sessionStreams.open(auth.sessionId, { res, close });
    request.raw.on('close', close);
    res.on('error', close);
    // Catch up: the resume point, and anything raised before the subscription above.
    poke();
  });
}

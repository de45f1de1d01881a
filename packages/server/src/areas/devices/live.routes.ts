import type { LiveEventEnvelope, LiveEventsPage } from '@powerdeck/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../../http/data-svc';
import { badRequest, unauthorized } from '../../http/errors';
import { sessionStreamsOf } from '../../http/session-streams';
import { zodFields } from '../../http/validation';
import type { DeviceAccess } from './device-access';
import { devIdField } from './device-inputs';
import type { LiveEvents } from './live-events';

export const HEARTBEAT_MS = 15_000;

export interface LiveRoutesDeps {
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<AuthContext | null>;
  access: DeviceAccess;
  events: LiveEvents;
  /** Keeps this server subscribed to a device while a stream watches it (several servers). */
  watch?: (devId: string) => () => void;
  heartbeatMs?: number;
}

const streamInput = z.object({
  devClass: z.string().optional(),
  devId: devIdField,
  batch: z.string().optional(),
  lastEventId: z.coerce.number().int().nonnegative().optional(),
});

const pollInput = streamInput.extend({
  clientId: z.coerce
    .number({ message: 'clientId must be a timestamp in milliseconds' })
    .int()
    .nonnegative(),
});

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = zodFields(parsed.error);
  throw badRequest(Object.values(fields)[0] ?? 'Invalid request', fields);
}

/** One SSE frame: `id` is the event's seq (Last-Event-ID resumes after it). */
export function sseFrame(envelope: LiveEventEnvelope): string {
  return `id: ${envelope.seq}\ndata: ${JSON.stringify(envelope)}\n\n`;
}

/**
 * The live stream (`eventPuller/eventPullerPusher.php`, server-sent events) and its polling
 * fallback (`eventPuller/getEvents.php`) for one device and its kids (docs/api/devices.md).
 */
export function registerLiveRoutes(app: FastifyInstance, deps: LiveRoutesDeps): void {
  const { authenticate, access, events } = deps;
  const sessionStreams = sessionStreamsOf(app);

  const open = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: { devId: string; devClass?: string | undefined },
  ) => {
    const auth = await authenticate(request, reply);
    if (!auth) throw unauthorized();
    const target = await access.resolve(auth.user, {
      devId: input.devId,
      ...(input.devClass ? { devClass: input.devClass } : {}),
    });
    const kidId = target.address.kidId;
    const wanted = (e: LiveEventEnvelope) =>
      kidId === undefined ||
      e.event.type === 'resync' ||
      ('kidId' in e.event && e.event.kidId === kidId);
    return { auth, root: target.address.devId, wanted };
  };

  app.get('/data-svc/eventPuller/eventPullerPusher.php', async (request, reply) => {
    const input = parseInput(streamInput, request.query);
    const { auth, root, wanted } = await open(request, reply, input);
    const header = request.headers['last-event-id'];
    const lastEventId =
      typeof header === 'string' && /^\d+$/.test(header) ? Number(header) : input.lastEventId;

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
    const send = (e: LiveEventEnvelope) => {
      if (wanted(e)) res.write(sseFrame(e));
    };
    if (lastEventId !== undefined) events.since(root, lastEventId).forEach(send);
    const unsubscribe = events.subscribe(root, send);
    const unwatch = deps.watch?.(root);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      release();
      unsubscribe();
      unwatch?.();
      res.end();
    };
    const heartbeat = setInterval(() => {
      // A revoked session's stream ends at its next heartbeat.
      authenticate(request, reply)
        .then((auth) => (auth ? res.write(`: heartbeat ${Date.now()}\n\n`) : close()))
        .catch(() => close());
    }, deps.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
    // Counted against the session's cap once set up: the session's oldest stream may close for it.
    const release = sessionStreams.open(auth.sessionId, { res, close });
    request.raw.on('close', close);
    res.on('error', close);
  });

  app.get(
    '/data-svc/eventPuller/getEvents.php',
    async (request, reply): Promise<LiveEventsPage> => {
      const input = parseInput(pollInput, request.query);
      const { root, wanted } = await open(request, reply, input);
      const now = Date.now();
      return { timestamp: now, events: events.sinceTime(root, input.clientId).filter(wanted) };
    },
  );
}

import type { SessionUser } from '@powerdeck/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError, badRequest, messages, notFound, tooManyRequests, unauthorized } from './errors';
import { zodFields } from './validation';

/**
 * The spec's call shape (§7): `/data-svc/{area}/dataSvc.php?svc=X`, also `data-svc.php`. One
 * route per area dispatches on `svc` to a table of handlers, after validating the input (query
 * merged with a JSON or form body) and requiring a session unless the call is public.
 */
export const SCRIPT_NAMES = ['dataSvc.php', 'data-svc.php'] as const;

export type SvcMethod = 'GET' | 'POST';

export interface AuthContext {
  user: SessionUser;
  sessionId: string;
}

export interface SvcContext<Input, Auth> {
  input: Input;
  auth: Auth;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A per-address limit (in this server's memory; per-account limits live in the database). */
export interface SvcRateLimit {
  max: number;
  windowMs: number;
  message: string;
}

interface SvcOptions<S extends z.ZodType> {
  methods: readonly SvcMethod[];
  input?: S;
  rateLimit?: SvcRateLimit;
  headerFields?: Readonly<Record<string, string>>;
  stream?: true;
}

export interface Svc {
  methods: readonly SvcMethod[];
  public: boolean;
  input: z.ZodType | undefined;
  rateLimit: SvcRateLimit | undefined;
  /**
   * Input fields a request header stands for when sent (field → lower-case header name), over
   * the query and body: a live stream's `lastEventId` from `Last-Event-ID`.
   */
  headerFields?: Readonly<Record<string, string>>;
  /**
   * A live stream: an accepted request is answered with server-sent events that never end by
   * themselves (listed by `calls()`, so tests close what they open).
   */
  stream?: true;
  handler: (ctx: SvcContext<unknown, AuthContext | null>) => unknown;
}

/** The input type of a call without parameters. */
type NoInput = z.ZodObject<Record<string, never>>;

/** A call that needs a signed-in user: 401 `{error:'Please sign in.'}` otherwise. */
export function authedSvc<S extends z.ZodType = NoInput>(
  options: SvcOptions<S> & {
    handler(ctx: SvcContext<z.output<S>, AuthContext>): unknown;
  },
): Svc {
  return {
    methods: options.methods,
    public: false,
    input: options.input,
    rateLimit: options.rateLimit,
    ...(options.headerFields ? { headerFields: options.headerFields } : {}),
    ...(options.stream ? { stream: true as const } : {}),
    // the dispatcher parsed the input with `input` and refused requests without a session
    handler: (ctx) => options.handler(ctx as SvcContext<z.output<S>, AuthContext>),
  };
}

/** A call open to anyone; `auth` is the session when there is one. */
export function publicSvc<S extends z.ZodType = NoInput>(
  options: SvcOptions<S> & {
    handler(ctx: SvcContext<z.output<S>, AuthContext | null>): unknown;
  },
): Svc {
  return {
    methods: options.methods,
    public: true,
    input: options.input,
    rateLimit: options.rateLimit,
    ...(options.headerFields ? { headerFields: options.headerFields } : {}),
    ...(options.stream ? { stream: true as const } : {}),
    // the dispatcher parsed the input with `input`
    handler: (ctx) => options.handler(ctx as SvcContext<z.output<S>, AuthContext | null>),
  };
}

export interface DataSvcDeps {
  /** The session of the request, or null; may refresh the cookie on the reply. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null>;
}

/**
 * One registered call, as `DataSvc.calls()` lists it (read-only; for tests and documents): a call
 * of an area, dispatched on `svc`, or a call served at its own path (`route`, `svc` null).
 */
export interface RegisteredCall {
  /** The first area the call was registered under (of a route: `/data-svc/{area}/…`). */
  area: string;
  /**
   * Every area serving this same definition (the control calls of each device class share one),
   * in registration order; `area` is the first.
   */
  areas: readonly string[];
  /** The `svc` it is dispatched on; null for a call served at its own path (`route`). */
  svc: string | null;
  /** Where it is served under `area`: `/data-svc/{area}/data-svc.php`, or the route's own path. */
  path: string;
  /** Where it is served under each of `areas`, in the same order. */
  paths: readonly string[];
  methods: readonly SvcMethod[];
  public: boolean;
  input: z.ZodType | undefined;
  rateLimited: boolean;
  /** A live stream: an accepted request is answered with events that never end by themselves. */
  stream: boolean;
}

export interface DataSvc {
  /** Adds calls to an area; an area may be filled by several modules (svc names must differ). */
  area(name: string, svcs: Record<string, Svc>): void;
  /**
   * Serves one call at its own path, without `svc` (`/data-svc/settingsManagement/devGet.php`, the
   * live streams): the same session, input and error handling as a call of an area. Listed by
   * `calls()` with `svc` null.
   */
  route(url: string, svc: Svc): void;
  /**
   * Every registered call, those of the areas and those at their own path, one entry per
   * definition (and svc name), in registration order.
   */
  calls(): RegisteredCall[];
  /** The app the calls are served on. */
  readonly app: FastifyInstance;
  /** The session of a request, or null (a live stream checks it again at each heartbeat). */
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<AuthContext | null>;
}

/** What the calls saw, in running totals (read by /metrics). */
export interface DataSvcStats {
  /** Requests whose client had closed the connection before they were run (not run). */
  abandoned: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The /data-svc/ calls this app serves (what tests fuzz and check access on). */
    dataSvcCalls(): RegisteredCall[];
    dataSvcStats: DataSvcStats;
  }
}

/** Nginx's status for a request whose client closed the connection first; nobody reads it. */
const CLIENT_GONE = 499;

/**
 * `svc` from the query string or, when absent there, from the body: spec §7 control POSTs are
 * form-encoded with `svc` among the fields. Before the body is parsed only the query counts.
 */
function svcName(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.svc === 'string') return query.svc;
  const body = request.body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const svc = (body as Record<string, unknown>).svc;
    if (typeof svc === 'string') return svc;
  }
  return '';
}

function inputOf(svc: Svc, request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body;
  const bodyFields =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const headerFields: Record<string, unknown> = {};
  for (const [field, header] of Object.entries(svc.headerFields ?? {})) {
    const value = request.headers[header];
    if (typeof value === 'string' && value !== '') headerFields[field] = value;
  }
  return { ...query, ...bodyFields, ...headerFields };
}

/** The input of a call: the query merged with a form or JSON body, parsed with its schema. */
function parseInput(svc: Svc, request: FastifyRequest): unknown {
  if (!svc.input) return {};
  const parsed = svc.input.safeParse(inputOf(svc, request));
  if (parsed.success) return parsed.data;
  const fields = zodFields(parsed.error);
  throw badRequest(Object.values(fields)[0] ?? 'Invalid request', fields);
}

/**
 * Runs one call: its method, the session it needs, that its client still waits for it, its input,
 * then its handler.
 */
async function serve(
  svc: Svc,
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DataSvcDeps,
  stats: DataSvcStats,
): Promise<unknown> {
  if (!svc.methods.includes(request.method === 'HEAD' ? 'GET' : (request.method as SvcMethod))) {
    throw new HttpError(
      405,
      { error: messages.methodNotAllowed },
      { allow: svc.methods.join(', ') },
    );
  }
  const auth = await deps.authenticate(request, reply);
  if (reply.raw.destroyed) {
    // A server behind its load waits long enough for clients to give up (a load balancer's
    // timeout, a closed tab): nobody would read the answer, and a command run now would run after
    // its requester was told it failed. Work already started is not abandoned; this is before any.
    stats.abandoned++;
    request.log.info('the client closed the connection before the request was run; not run');
    throw new HttpError(CLIENT_GONE, { error: messages.clientGone });
  }
  if (!svc.public && auth === null) throw unauthorized();
  const input = parseInput(svc, request);
  const result = await svc.handler({ input, auth, request, reply });
  if (reply.sent) return reply;
  return reply.send(result ?? { ok: true });
}

/** The per-address limit of a call, for @fastify/rate-limit (a 429 in our error shape). */
function rateLimitConfig(
  key: (request: FastifyRequest) => string,
  of: (request: FastifyRequest) => SvcRateLimit | undefined,
) {
  return {
    // after the body is parsed, so a `svc` given in a form or JSON body is limited too
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${key(request)}`,
    allowList: (request: FastifyRequest) => of(request) === undefined,
    max: (request: FastifyRequest) => of(request)?.max ?? Number.MAX_SAFE_INTEGER,
    timeWindow: (request: FastifyRequest) => of(request)?.windowMs ?? 60_000,
    errorResponseBuilder: (request: FastifyRequest, context: { ttl: number }) =>
      tooManyRequests(
        of(request)?.message ?? messages.tooManyRequests,
        Math.ceil(context.ttl / 1000),
      ),
  } as const;
}

export function createDataSvc(app: FastifyInstance, deps: DataSvcDeps): DataSvc {
  const areas = new Map<string, Map<string, Svc>>();
  const stats: DataSvcStats = { abandoned: 0 };
  /**
   * Where each definition is served, by svc name (null: at its own path), in registration order
   * (for `calls()`).
   */
  const served = new Map<Svc, Map<string | null, { areas: string[]; paths: string[] }>>();
  const listAt = (definition: Svc, svc: string | null, area: string, path: string) => {
    let bySvc = served.get(definition);
    if (!bySvc) {
      bySvc = new Map();
      served.set(definition, bySvc);
    }
    const at = bySvc.get(svc) ?? { areas: [], paths: [] };
    at.areas.push(area);
    at.paths.push(path);
    bySvc.set(svc, at);
  };

  const lookup = (area: string, request: FastifyRequest) => areas.get(area)?.get(svcName(request));

  const mount = (area: string) => {
    const rateLimitOf = (request: FastifyRequest) => lookup(area, request)?.rateLimit;
    app.route({
      method: ['GET', 'POST'],
      url: `/data-svc/${area}/:script`,
      config: {
        rateLimit: rateLimitConfig((request) => `${area}|${svcName(request)}`, rateLimitOf),
      },
      handler: async (request, reply) => {
        const { script } = request.params as { script: string };
        const svc = lookup(area, request);
        if (!(SCRIPT_NAMES as readonly string[]).includes(script) || svc === undefined) {
          throw notFound();
        }
        return serve(svc, request, reply, deps, stats);
      },
    });
  };

  const dataSvc: DataSvc = {
    area(name, svcs) {
      let table = areas.get(name);
      if (!table) {
        table = new Map();
        areas.set(name, table);
        mount(name);
      }
      for (const [svc, definition] of Object.entries(svcs)) {
        if (table.has(svc)) throw new Error(`data-svc ${name} svc=${svc} is registered twice`);
        table.set(svc, definition);
        listAt(definition, svc, name, `/data-svc/${name}/${SCRIPT_NAMES[1]}`);
      }
    },
    route(url, svc) {
      app.route({
        method: [...svc.methods],
        url,
        config: {
          rateLimit: rateLimitConfig(
            () => url,
            () => svc.rateLimit,
          ),
        },
        handler: (request, reply) => serve(svc, request, reply, deps, stats),
      });
      listAt(svc, null, /^\/data-svc\/([^/]+)\//.exec(url)?.[1] ?? url, url);
    },
    app,
    authenticate: (request, reply) => deps.authenticate(request, reply),
    calls() {
      return [...served].flatMap(([definition, bySvc]) =>
        [...bySvc].map(([svc, at]) => ({
          area: at.areas[0] ?? '',
          areas: [...at.areas],
          svc,
          path: at.paths[0] ?? '',
          paths: [...at.paths],
          methods: definition.methods,
          public: definition.public,
          input: definition.input,
          rateLimited: definition.rateLimit !== undefined,
          stream: definition.stream === true,
        })),
      );
    },
  };
  app.decorate('dataSvcCalls', () => dataSvc.calls());
  app.decorate('dataSvcStats', stats);
  return dataSvc;
}

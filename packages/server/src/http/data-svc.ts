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
}

export interface Svc {
  methods: readonly SvcMethod[];
  public: boolean;
  input: z.ZodType | undefined;
  rateLimit: SvcRateLimit | undefined;
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
    // the dispatcher parsed the input with `input`
    handler: (ctx) => options.handler(ctx as SvcContext<z.output<S>, AuthContext | null>),
  };
}

export interface DataSvcDeps {
  /** The session of the request, or null; may refresh the cookie on the reply. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null>;
}

/** One registered call, as `DataSvc.calls()` lists it (read-only; for tests and documents). */
export interface RegisteredCall {
  /** The first area the call was registered under. */
  area: string;
  /**
   * Every area serving this same definition (the control calls of each device class share one),
   * in registration order; `area` is the first.
   */
  areas: readonly string[];
  svc: string;
  methods: readonly SvcMethod[];
  public: boolean;
  input: z.ZodType | undefined;
  rateLimited: boolean;
}

export interface DataSvc {
  /** Adds calls to an area; an area may be filled by several modules (svc names must differ). */
  area(name: string, svcs: Record<string, Svc>): void;
  /** Every registered call, one entry per definition, in registration order. */
  calls(): RegisteredCall[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The /data-svc/ calls this app serves (what tests fuzz and check access on). */
    dataSvcCalls(): RegisteredCall[];
  }
}

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

function inputOf(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body;
  const bodyFields =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  return { ...query, ...bodyFields };
}

export function createDataSvc(app: FastifyInstance, deps: DataSvcDeps): DataSvc {
  const areas = new Map<string, Map<string, Svc>>();
  /** Areas by definition and svc name, in registration order (for `calls()`). */
  const served = new Map<Svc, Map<string, string[]>>();

  const lookup = (area: string, request: FastifyRequest) => areas.get(area)?.get(svcName(request));

  const mount = (area: string) => {
    const rateLimitOf = (request: FastifyRequest) => lookup(area, request)?.rateLimit;
    app.route({
      method: ['GET', 'POST'],
      url: `/data-svc/${area}/:script`,
      config: {
        rateLimit: {
          // after the body is parsed, so a `svc` given in a form or JSON body is limited too
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `${request.ip}|${area}|${svcName(request)}`,
          allowList: (request: FastifyRequest) => rateLimitOf(request) === undefined,
          max: (request: FastifyRequest) => rateLimitOf(request)?.max ?? Number.MAX_SAFE_INTEGER,
          timeWindow: (request: FastifyRequest) => rateLimitOf(request)?.windowMs ?? 60_000,
          errorResponseBuilder: (request: FastifyRequest, context: { ttl: number }) =>
            tooManyRequests(
              rateLimitOf(request)?.message ?? messages.tooManyRequests,
              Math.ceil(context.ttl / 1000),
            ),
        },
      },
      handler: async (request, reply) => {
        const { script } = request.params as { script: string };
        const svc = lookup(area, request);
        if (!(SCRIPT_NAMES as readonly string[]).includes(script) || svc === undefined) {
          throw notFound();
        }
        if (
          !svc.methods.includes(request.method === 'HEAD' ? 'GET' : (request.method as SvcMethod))
        ) {
          throw new HttpError(
            405,
            { error: messages.methodNotAllowed },
            { allow: svc.methods.join(', ') },
          );
        }
        const auth = await deps.authenticate(request, reply);
        if (!svc.public && auth === null) throw unauthorized();
        let input: unknown = {};
        if (svc.input) {
          const parsed = svc.input.safeParse(inputOf(request));
          if (!parsed.success) {
            const fields = zodFields(parsed.error);
            throw badRequest(Object.values(fields)[0] ?? 'Invalid request', fields);
          }
          input = parsed.data;
        }
        const result = await svc.handler({ input, auth, request, reply });
        if (reply.sent) return reply;
        return reply.send(result ?? { ok: true });
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
        let byName = served.get(definition);
        if (!byName) {
          byName = new Map();
          served.set(definition, byName);
        }
        byName.set(svc, [...(byName.get(svc) ?? []), name]);
      }
    },
    calls() {
      return [...served].flatMap(([definition, byName]) =>
        [...byName].map(([svc, names]) => ({
          area: names[0] ?? '',
          areas: [...names],
          svc,
          methods: definition.methods,
          public: definition.public,
          input: definition.input,
          rateLimited: definition.rateLimit !== undefined,
        })),
      );
    },
  };
  app.decorate('dataSvcCalls', () => dataSvc.calls());
  return dataSvc;
}

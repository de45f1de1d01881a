import {
  type CallDef,
  type CallGroup,
  DEVICE_CLASSES,
  allCalls,
  callName,
  callPath,
} from '@powerdeck/domain';
import type { z } from 'zod';
import {
  type AuthContext,
  type DataSvc,
  type Svc,
  type SvcContext,
  type SvcRateLimit,
  authedSvc,
  publicSvc,
} from './data-svc';
import { LAST_EVENT_ID_FIELD, type StreamSubscription, serveEventStream } from './event-stream';
import { sessionStreamsOf } from './session-streams';

/** What a handler of a call gets: its parsed input and, unless the call is public, a session. */
export type CallContext<C extends CallDef> = SvcContext<
  z.output<C['input']>,
  C['access'] extends 'public' ? AuthContext | null : AuthContext
>;

/**
 * A handler answers what the call's output schema describes (checked by the compiler); a live
 * stream's handler answers its subscription, whose events the output schema describes.
 */
export type CallHandler<C extends CallDef> = (
  ctx: CallContext<C>,
) => C extends { stream: true }
  ? StreamSubscription<z.input<C['output']>> | Promise<StreamSubscription<z.input<C['output']>>>
  : z.input<C['output']> | Promise<z.input<C['output']>>;

export type CallHandlers<G extends CallGroup> = { [K in keyof G]: CallHandler<G[K]> };

/** Per-server overrides of a call's table entry (a rate limit taken from configuration). */
export interface CallOverrides {
  rateLimit?: SvcRateLimit;
  /** A live stream's heartbeat (tests shorten it). */
  heartbeatMs?: number;
}

const key = callName;

/** The areas a call is served under: `{devClass}` stands for its device classes (default all). */
const areasOf = (call: CallDef): readonly string[] =>
  call.area.includes('{devClass}')
    ? (call.devClasses ?? DEVICE_CLASSES).map((devClass) =>
        call.area.replace('{devClass}', devClass),
      )
    : [call.area];

type AnyHandler = (ctx: SvcContext<unknown, AuthContext | null>) => unknown;

function checked(call: CallDef, handle: AnyHandler): AnyHandler {
  return async (ctx) => {
    const answer = await handle(ctx);
    // bytes (an image) are not JSON: `output` describes them for the types only
    if (ctx.reply.sent || call.produces !== undefined) return answer;
    const result = call.output.safeParse(answer ?? { ok: true });
    if (!result.success) {
      throw new Error(`${key(call)} answered outside its contract: ${result.error.message}`);
    }
    return answer;
  };
}

/** Throws when an event of a stream does not match its call's output schema (tests). */
function eventCheck(call: CallDef) {
  return (data: unknown) => {
    const result = call.output.safeParse(data);
    if (!result.success) {
      throw new Error(`${key(call)} sent an event outside its contract: ${result.error.message}`);
    }
  };
}

/**
 * Registers handlers against the call table: the only way a server area adds calls. Keeps track
 * of what was registered so `assertComplete` can tell a table entry without a handler.
 */
export class CallRegistry {
  private readonly registered = new Set<string>();
  private readonly table = new Set<CallDef>(allCalls());

  /**
   * @param checkAnswers tests set it: every answer is parsed with its call's output schema and a
   *   mismatch fails the request (500, logged), so no integration test passes on a drifted answer.
   */
  constructor(
    private readonly dataSvc: DataSvc,
    private readonly checkAnswers = false,
  ) {}

  implement<G extends CallGroup>(
    group: G,
    handlers: NoInfer<CallHandlers<G>>,
    overrides: Partial<Record<keyof G, CallOverrides>> = {},
  ): void {
    for (const [name, call] of Object.entries(group) as [keyof G & string, CallDef][]) {
      if (!this.table.has(call)) throw new Error(`${key(call)} is not in the call table`);
      const handle = handlers[name] as AnyHandler;
      const handler = call.stream
        ? this.streamHandler(call, handle, overrides[name]?.heartbeatMs)
        : this.checkAnswers
          ? checked(call, handle)
          : handle;
      const rateLimit = overrides[name]?.rateLimit ?? call.rateLimit;
      const options = {
        methods: call.methods,
        input: call.input,
        ...(rateLimit ? { rateLimit } : {}),
        ...(call.stream
          ? { stream: true as const, headerFields: { [LAST_EVENT_ID_FIELD]: 'last-event-id' } }
          : {}),
      };
      const svc: Svc =
        call.access === 'public'
          ? publicSvc({ ...options, handler })
          : authedSvc({ ...options, handler });
      for (const area of areasOf(call)) {
        if (call.svc === null) this.dataSvc.route(callPath({ ...call, area }), svc);
        else this.dataSvc.area(area, { [call.svc]: svc });
      }
      this.registered.add(key(call));
    }
  }

  /**
   * A live stream: the handler checks input and access and answers its subscription, which is
   * served as server-sent events counted against the session's cap (http/event-stream.ts).
   */
  private streamHandler(call: CallDef, handle: AnyHandler, heartbeatMs?: number): AnyHandler {
    if (call.access !== 'user') throw new Error(`${key(call)}: a live stream needs a session`);
    const sessions = sessionStreamsOf(this.dataSvc.app);
    const check = this.checkAnswers ? eventCheck(call) : undefined;
    return async (ctx) => {
      const subscribe = (await handle(ctx)) as StreamSubscription<unknown>;
      serveEventStream({
        request: ctx.request,
        reply: ctx.reply,
        // a call that needs a session is refused without one before its handler runs
        sessionId: (ctx.auth as AuthContext).sessionId,
        sessions,
        authenticate: this.dataSvc.authenticate,
        subscribe,
        ...(heartbeatMs === undefined ? {} : { heartbeatMs }),
        ...(check ? { check } : {}),
      });
    };
  }

  /** Throws, naming them, when table entries have no handler (demo-only ones count in demo). */
  assertComplete(options: { demo: boolean }): void {
    const missing = allCalls()
      .filter((call) => options.demo || call.demoOnly !== true)
      .map(key)
      .filter((k) => !this.registered.has(k));
    if (missing.length > 0) {
      throw new Error(`Calls of the call table without a handler: ${missing.join(', ')}`);
    }
  }
}

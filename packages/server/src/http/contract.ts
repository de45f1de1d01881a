import { type CallDef, type CallGroup, DEVICE_CLASSES, allCalls } from '@powerdeck/domain';
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

/** What a handler of a call gets: its parsed input and, unless the call is public, a session. */
export type CallContext<C extends CallDef> = SvcContext<
  z.output<C['input']>,
  C['access'] extends 'public' ? AuthContext | null : AuthContext
>;

/** A handler answers what the call's output schema describes (checked by the compiler). */
export type CallHandler<C extends CallDef> = (
  ctx: CallContext<C>,
) => z.input<C['output']> | Promise<z.input<C['output']>>;

export type CallHandlers<G extends CallGroup> = { [K in keyof G]: CallHandler<G[K]> };

/** Per-server overrides of a call's table entry (a rate limit taken from configuration). */
export interface CallOverrides {
  rateLimit?: SvcRateLimit;
}

const key = (call: CallDef) => `${call.area} svc=${call.svc}`;

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
      const handler = this.checkAnswers ? checked(call, handle) : handle;
      const rateLimit = overrides[name]?.rateLimit ?? call.rateLimit;
      const options = {
        methods: call.methods,
        input: call.input,
        ...(rateLimit ? { rateLimit } : {}),
      };
      const svc: Svc =
        call.access === 'public'
          ? publicSvc({ ...options, handler })
          : authedSvc({ ...options, handler });
      for (const area of areasOf(call)) this.dataSvc.area(area, { [call.svc]: svc });
      this.registered.add(key(call));
    }
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

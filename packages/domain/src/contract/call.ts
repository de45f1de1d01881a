import type { z } from 'zod';
import type { DeviceClass } from '../catalog/device-class';

/**
 * One call of the HTTP API: the single source the server registers against, the web client calls
 * through, the tests check responses with, and the OpenAPI document is generated from
 * (ARCHITECTURE §6).
 */

export type CallMethod = 'GET' | 'POST';

/** How the console sends the input: the query string, a form body (spec §7), JSON or multipart. */
export type CallBody = 'query' | 'form' | 'json' | 'multipart';

/**
 * Who may call: anyone, or a signed-in user. What a signed-in user may do at a location is the
 * service's check; `rule` says it in words (documentation and the authorization matrix's reading).
 */
export type CallAccess = 'public' | 'user';

export interface CallRateLimit {
  /** Requests per window from one address. */
  max: number;
  windowMs: number;
  message: string;
}

export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /**
   * The area of `/data-svc/{area}/{script}?svc=…`. `{devClass}` stands for the device class of the
   * input (`{class}.deviceControls`, spec §7).
   */
  area: string;
  /** The device classes `{devClass}` stands for in `area`; every class when absent. */
  devClasses?: readonly DeviceClass[];
  /**
   * The `svc` the call is dispatched on; null when the path is the call (`/data-svc/{area}/{script}`
   * without `svc`, e.g. `settingsManagement/devGet.php` or the live streams, spec §7).
   */
  svc: string | null;
  /**
   * The script the console calls. With a `svc` it is `dataSvc.php` or `data-svc.php` and the server
   * answers both spellings; without one it is the call's own script, served as spelled.
   */
  script: string;
  methods: readonly CallMethod[];
  body: CallBody;
  /**
   * Input fields a call with a body sends in the query string instead (spec §7 `addNewDevice
   * (siteId; body devId, claimKey)`); the server reads both.
   */
  queryFields?: readonly string[];
  input: I;
  output: O;
  access: CallAccess;
  /** Who may call, in words: e.g. "any level at siteId", "ADMIN or owner at siteId". */
  rule: string;
  rateLimit?: CallRateLimit;
  /** Served only in demo mode (DEMO=true); absent otherwise. */
  demoOnly?: boolean;
  /**
   * The media type of an answer that is not JSON (e.g. `image/*`): the call answers bytes, which
   * `output` describes for the types and the document only; the answer is not checked against it.
   */
  produces?: string;
  /**
   * A live stream: the 200 answer is `text/event-stream` (server-sent events) and `output`
   * describes the `data` of each event (a union of event payloads). Declared with `defineStream`.
   */
  stream?: true;
  summary: string;
}

/** A live stream's entry (`defineStream`): its handler answers events, not one body. */
export type StreamCallDef<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> = CallDef<I, O> & { stream: true };

/** The input a caller passes (before the schema's defaults and transforms). */
export type CallInput<C extends CallDef> = z.input<C['input']>;
/** The answer a caller gets. */
export type CallOutput<C extends CallDef> = z.output<C['output']>;

type CallOptions<I extends z.ZodType, O extends z.ZodType> = Omit<
  CallDef<I, O>,
  'script' | 'body' | 'rule'
> &
  Partial<Pick<CallDef<I, O>, 'script' | 'body' | 'rule'>>;

const CAMEL_SCRIPT_AREAS = new Set(['locations', 'devices']);

/**
 * Declares a call. Defaults: the script `dataSvc.php` for the areas the spec spells so
 * (locations, devices) and `data-svc.php` for the rest; a GET sends its input in the query, a POST
 * in a form body (spec §7).
 */
export function defineCall<I extends z.ZodType, O extends z.ZodType>(
  options: CallOptions<I, O>,
): CallDef<I, O> {
  if (options.svc === null && options.script === undefined) {
    throw new Error(`${options.area}: a call without svc names its script`);
  }
  return {
    script: CAMEL_SCRIPT_AREAS.has(options.area) ? 'dataSvc.php' : 'data-svc.php',
    body: options.methods.includes('GET') ? 'query' : 'form',
    rule: options.access === 'public' ? 'anyone' : 'any signed-in user',
    ...options,
  };
}

/** The area path of a call for an input (fills `{devClass}`). */
export function callArea(call: Pick<CallDef, 'area'>, input: unknown): string {
  if (!call.area.includes('{devClass}')) return call.area;
  const devClass =
    input !== null && typeof input === 'object' ? (input as { devClass?: unknown }).devClass : '';
  return call.area.replace('{devClass}', typeof devClass === 'string' ? devClass : '');
}

/**
 * Declares a live stream (server-sent events) served at its own path: a GET whose input is in the
 * query, with `Last-Event-ID` (header) standing for the input's `lastEventId` when sent.
 */
export function defineStream<I extends z.ZodType, O extends z.ZodType>(
  options: Omit<CallOptions<I, O>, 'svc' | 'methods' | 'body' | 'stream' | 'script'> & {
    script: string;
  },
): StreamCallDef<I, O> {
  return { ...defineCall({ ...options, svc: null, methods: ['GET'] }), stream: true };
}

/** The path of a call for an input (`/data-svc/{area}/{script}`, without the query). */
export function callPath(call: CallDef, input?: unknown): string {
  return `/data-svc/${callArea(call, input)}/${call.script}`;
}

/** How messages name a call: `area svc=name`, or its path when the path is the call. */
export function callName(call: Pick<CallDef, 'area' | 'svc' | 'script'>): string {
  return call.svc === null ? `${call.area}/${call.script}` : `${call.area} svc=${call.svc}`;
}

/** A group of calls by their name in the client (`api.locations.getSitesData`). */
export type CallGroup = Record<string, CallDef>;

import {
  type CallDef,
  type CallInput,
  type CallMethod,
  type CallOutput,
  callArea,
  callName,
} from '@powerdeck/domain';
import { type QueryValue, dataSvc, dataSvcUrl } from './api-client';

/**
 * Sends one call of the contract the way its entry says (query, form, JSON or multipart). In
 * development and tests every answer is checked against the call's output schema, so a server and a
 * screen that drift apart fail loudly. `api.ts` builds the typed `api` object of the whole table on
 * this; the sign-in pages use it directly with `public-calls.ts`, without the table (and zod).
 */

export interface CallOptions {
  signal?: AbortSignal;
  /** A call served on GET and POST: the one to send (default its first); a GET sends a query. */
  method?: CallMethod;
}

const checkAnswers: boolean = import.meta.env.DEV || import.meta.env.MODE === 'test';

/**
 * What sending a call needs of its contract entry: everything but the schemas. The sign-in pages
 * send their few calls from such entries (public-calls.ts), so they load neither the call table nor
 * zod.
 */
export type CallWire = Pick<
  CallDef,
  'area' | 'svc' | 'script' | 'methods' | 'body' | 'queryFields' | 'produces' | 'stream'
>;

/** A response that does not match its call's output schema (development and tests only). */
export class ContractError extends Error {
  constructor(call: CallDef, issues: string) {
    super(`${callName(call)}: the answer does not match the contract: ${issues}`);
    this.name = 'ContractError';
  }
}

type Field = QueryValue | readonly QueryValue[];

/** Scalars as they are, arrays as repeated keys, objects as JSON text (spec §7 form fields). */
function fieldsOf(input: unknown): Record<string, Field> {
  const fields: Record<string, Field> = {};
  if (input === null || typeof input !== 'object') return fields;
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value))
      fields[name] = value.map((v) =>
        typeof v === 'object' ? JSON.stringify(v) : (v as QueryValue),
      );
    else if (typeof value === 'object') fields[name] = JSON.stringify(value);
    else fields[name] = value as QueryValue;
  }
  return fields;
}

function singleValues(fields: Record<string, Field>): Record<string, QueryValue> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v as QueryValue)]),
  );
}

/**
 * A multipart call: each File or Blob field goes into the body under its name; the other fields
 * stay in the query, where the server reads them (it streams the body's files).
 */
function multipartOf(input: unknown): { query: Record<string, Field>; multipart: FormData } {
  const multipart = new FormData();
  const rest: Record<string, unknown> = {};
  if (input !== null && typeof input === 'object') {
    for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
      if (value instanceof Blob) multipart.append(name, value);
      else rest[name] = value;
    }
  }
  return { query: fieldsOf(rest), multipart };
}

/** The input split into the fields the call sends in the query and those of its body. */
function splitQuery(
  call: CallWire,
  input: unknown,
): { query: Record<string, Field>; rest: unknown } {
  const names = call.queryFields ?? [];
  if (names.length === 0 || input === null || typeof input !== 'object') {
    return { query: {}, rest: input };
  }
  const entries = Object.entries(input as Record<string, unknown>);
  return {
    query: fieldsOf(Object.fromEntries(entries.filter(([name]) => names.includes(name)))),
    rest: Object.fromEntries(entries.filter(([name]) => !names.includes(name))),
  };
}

/** Sends one call of the table and returns its (checked) answer. */
export async function callApi<C extends CallDef>(
  call: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<CallOutput<C>> {
  return checkAnswer(call, await sendCall(call, input, options));
}

/** Sends one call and returns its answer as it came (unchecked). */
export async function sendCall(
  call: CallWire,
  input: unknown,
  options: CallOptions = {},
): Promise<unknown> {
  if (call.produces !== undefined) {
    // bytes, not JSON: the console links to them (an <img> src) instead of calling
    throw new Error(`${callName(call)} answers ${call.produces}: link to it instead`);
  }
  if (call.stream) {
    // EventSource cannot go through fetch
    throw new Error(`${callName(call)} is a live stream: open it with openEventStream`);
  }
  const area = callArea(call, input);
  const method = options.method ?? call.methods[0] ?? 'GET';
  const { query, rest } = splitQuery(call, input);
  const base = {
    method,
    script: call.script,
    query,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  return method === 'GET'
    ? dataSvc(area, call.svc, { ...base, query: fieldsOf(input) })
    : call.body === 'json'
      ? dataSvc(area, call.svc, { ...base, json: rest })
      : call.body === 'form'
        ? dataSvc(area, call.svc, { ...base, form: singleValues(fieldsOf(rest)) })
        : call.body === 'multipart'
          ? dataSvc(area, call.svc, { ...base, ...multipartOf(input) })
          : dataSvc(area, call.svc, { ...base, query: fieldsOf(input) });
}

/** The answer checked against the call's output schema (development and tests; else as it is). */
export function checkAnswer<C extends CallDef>(call: C, body: unknown): CallOutput<C> {
  if (!checkAnswers) return body as CallOutput<C>;
  const checked = call.output.safeParse(body);
  if (!checked.success) {
    const error = new ContractError(call, checked.error.message);
    console.error(error);
    throw error;
  }
  return checked.data as CallOutput<C>;
}

/**
 * The URL of a call with its input in the query: what an EventSource opens (a live stream) or a
 * link points to.
 */
export function callUrl<C extends CallDef>(call: C, input: CallInput<C>): string {
  return dataSvcUrl(callArea(call, input), call.svc, {
    script: call.script,
    query: fieldsOf(input),
  });
}

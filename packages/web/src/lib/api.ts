import {
  type CallDef,
  type CallInput,
  type CallMethod,
  type CallOutput,
  type CallTable,
  callArea,
  callName,
  callTable,
} from '@powerdeck/domain';
import { type QueryValue, dataSvc, dataSvcUrl } from './api-client';

/**
 * The console's typed API: `api.<area>.<svc>(input)` for every entry of the call table, sent the
 * way the entry says (query, form, JSON or multipart). In development and tests every answer is
 * checked against the call's output schema, so a server and a screen that drift apart fail loudly.
 */

export interface CallOptions {
  signal?: AbortSignal;
  /** A call served on GET and POST: the one to send (default its first); a GET sends a query. */
  method?: CallMethod;
}

type CallFn<C extends CallDef> = (
  input: CallInput<C>,
  options?: CallOptions,
) => Promise<CallOutput<C>>;

export type Api = {
  [A in keyof CallTable]: {
    [S in keyof CallTable[A]]: CallTable[A][S] extends CallDef ? CallFn<CallTable[A][S]> : never;
  };
};

const checkAnswers: boolean = import.meta.env.DEV || import.meta.env.MODE === 'test';

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
  call: CallDef,
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
  const body: unknown =
    method === 'GET'
      ? await dataSvc(area, call.svc, { ...base, query: fieldsOf(input) })
      : call.body === 'json'
        ? await dataSvc(area, call.svc, { ...base, json: rest })
        : call.body === 'form'
          ? await dataSvc(area, call.svc, { ...base, form: singleValues(fieldsOf(rest)) })
          : call.body === 'multipart'
            ? await dataSvc(area, call.svc, { ...base, ...multipartOf(input) })
            : await dataSvc(area, call.svc, { ...base, query: fieldsOf(input) });
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

function buildApi(): Api {
  const api: Record<string, Record<string, unknown>> = {};
  for (const [area, group] of Object.entries(callTable)) {
    api[area] = Object.fromEntries(
      Object.entries(group as Record<string, CallDef>).map(([svc, call]) => [
        svc,
        (input: unknown, options?: CallOptions) => callApi(call, input as never, options),
      ]),
    );
  }
  return api as Api;
}

export const api: Api = buildApi();

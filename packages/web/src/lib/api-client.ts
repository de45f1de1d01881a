import type { ApiError } from '@powerdeck/domain';

/**
 * The one HTTP client of the console (spec §7): every call goes to
 * `/data-svc/{area}/{script}?svc=...`, with credentials, and is a success only for HTTP 200-399.
 */

/** Areas whose endpoint script is spelled `dataSvc.php`; all others use `data-svc.php` (spec §7). */
const CAMEL_SCRIPT_AREAS = new Set(['locations', 'devices']);

/** API base URL from configuration; empty means the console's own origin. */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export type QueryValue = string | number | boolean | null | undefined;

export interface DataSvcOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** JSON body (sent as application/json). */
  json?: unknown;
  /** Form-encoded body (application/x-www-form-urlencoded). */
  form?: Record<string, QueryValue>;
  /** Multipart body (multipart/form-data; fetch writes the boundary). */
  multipart?: FormData;
  /** Override the endpoint script when an area uses an unusual one. */
  script?: string;
  signal?: AbortSignal;
}

/** A call answered outside 200-399: carries the status and the parsed body. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(errorText(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }

  /** Field messages of a 400 answer, when the server sent them. */
  get fields(): Record<string, string> {
    return isApiError(this.body) ? (this.body.fields ?? {}) : {};
  }
}

function isApiError(body: unknown): body is ApiError {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string'
  );
}

function errorText(body: unknown): string | undefined {
  return isApiError(body) ? body.error : undefined;
}

export function isApiRequestError(error: unknown, status?: number): error is ApiRequestError {
  return error instanceof ApiRequestError && (status === undefined || error.status === status);
}

/** The URL of a call; `svc` null for a call whose path is the call (no `svc` parameter). */
export function dataSvcUrl(area: string, svc: string | null, options: DataSvcOptions = {}): string {
  const script = options.script ?? (CAMEL_SCRIPT_AREAS.has(area) ? 'dataSvc.php' : 'data-svc.php');
  const params = new URLSearchParams(svc === null ? {} : { svc });
  for (const [key, value] of Object.entries(options.query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const v of values) {
      if (v !== undefined && v !== null) params.append(key, String(v));
    }
  }
  const query = params.toString();
  return `${API_BASE}/data-svc/${area}/${script}${query === '' ? '' : `?${query}`}`;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * How a call reaches the server: the browser's fetch. The server's own render of a page
 * (server-render/render-page.tsx, in its own build) answers the same calls in-process instead.
 */
export const transport: { send: (url: string, init: RequestInit) => Promise<Response> } = {
  send: (url, init) => fetch(url, init),
};

/** Calls one `svc` of one area and resolves with the parsed body; rejects with ApiRequestError. */
export async function dataSvc<T>(
  area: string,
  svc: string | null,
  options: DataSvcOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) {
      if (value !== undefined && value !== null) form.append(key, String(value));
    }
    body = form.toString();
  } else if (options.multipart !== undefined) {
    body = options.multipart;
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const response = await transport.send(dataSvcUrl(area, svc, options), {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
  const parsed = await parseBody(response);
  if (response.status < 200 || response.status > 399) {
    throw new ApiRequestError(response.status, parsed);
  }
  return parsed as T;
}

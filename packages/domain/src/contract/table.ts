import type { CallDef } from './call';
import { config } from './calls/config';
import { locations } from './calls/locations';

/**
 * Every call of the HTTP API, by area (the client's `api.<area>.<svc>`). Adding a call is adding
 * an entry here: the server must then register a handler for it, the client can call it, and the
 * OpenAPI document describes it.
 */
export const callTable = {
  config,
  locations,
} satisfies Record<string, Record<string, CallDef>>;

export type CallTable = typeof callTable;

/** Every entry of the table, flat. */
export function allCalls(): CallDef[] {
  return Object.values(callTable).flatMap((group) => Object.values(group) as CallDef[]);
}

import {
  type CallDef,
  type CallInput,
  type CallOutput,
  type CallTable,
  callTable,
} from '@powerdeck/domain';
import { type CallOptions, callApi } from './call-api';

export { callUrl } from './call-api';

/**
 * The console's typed API: `api.<area>.<svc>(input)` for every entry of the call table (see
 * call-api.ts for how a call is sent and its answer checked).
 */

type CallFn<C extends CallDef> = (
  input: CallInput<C>,
  options?: CallOptions,
) => Promise<CallOutput<C>>;

export type Api = {
  [A in keyof CallTable]: {
    [S in keyof CallTable[A]]: CallTable[A][S] extends CallDef ? CallFn<CallTable[A][S]> : never;
  };
};

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

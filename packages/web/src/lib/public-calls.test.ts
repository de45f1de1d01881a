import { callTable } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { publicCallWires } from './public-calls';

// The sign-in page sends these calls from copies of their contract entries (without the schemas,
// so it loads no zod); a copy that drifts from the contract would send a call the server refuses.
describe('the calls of the sign-in page', () => {
  const contract = {
    session: callTable.auth.session,
    login: callTable.auth.login,
    publicConfig: callTable.config.public,
  };

  it.each(Object.keys(publicCallWires) as (keyof typeof publicCallWires)[])(
    '%s is sent the way the contract says',
    (name) => {
      const { area, svc, script, methods, body, queryFields, produces, stream } = contract[name];
      expect(publicCallWires[name]).toEqual(
        Object.fromEntries(
          Object.entries({
            area,
            svc,
            script,
            methods,
            body,
            queryFields,
            produces,
            stream,
          }).filter(([, value]) => value !== undefined),
        ),
      );
    },
  );
});

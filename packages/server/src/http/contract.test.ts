import { callTable, defineCall, noInput, okOutput } from '@powerdeck/domain';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CallRegistry } from './contract';
import { createDataSvc } from './data-svc';

const registry = (app = Fastify(), checkAnswers = false) =>
  new CallRegistry(createDataSvc(app, { authenticate: () => Promise.resolve(null) }), checkAnswers);

describe('the call registry', () => {
  it('refuses a call that is not in the call table', () => {
    const stray = defineCall({
      area: 'locations',
      svc: 'stray',
      methods: ['GET'],
      input: noInput,
      output: okOutput,
      access: 'user',
      summary: 'not in the table',
    });
    expect(() => registry().implement({ stray }, { stray: () => ({ ok: true as const }) })).toThrow(
      'locations svc=stray is not in the call table',
    );
  });

  it('names the table entries left without a handler', () => {
    const calls = registry();
    calls.implement(callTable.config, { public: () => ({}) as never });
    expect(() => calls.assertComplete({ demo: true })).toThrow(
      /without a handler: .*locations svc=getSitesData/,
    );
  });

  it('in tests, fails an answer that does not match the output schema', async () => {
    const app = Fastify({ logger: false });
    registry(app, true).implement(callTable.config, {
      public: () => ({ brand: 'Powerdeck' }) as never,
    });
    const response = await app.inject('/data-svc/config/data-svc.php?svc=public');
    expect(response.statusCode).toBe(500);
    expect(response.json<{ message: string }>().message).toContain(
      'config svc=public answered outside its contract',
    );
  });
});

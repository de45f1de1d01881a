import type { CallInput, CallOutput, CallTable } from '@powerdeck/domain';
import { type CallOptions, type CallWire, checkAnswer, sendCall } from './call-api';

/**
 * The calls the sign-in page makes (the session check, sign-in and the public configuration), sent
 * from their contract entries without the schemas: the first page then loads neither the call
 * table nor zod (issue 18: the login route's JavaScript budget). public-calls.test.ts holds each
 * entry here to the contract's. In development and tests the answer is still checked against the
 * contract's output schema, loaded then.
 */
export const publicCallWires = {
  session: {
    area: 'auth',
    svc: 'session',
    script: 'data-svc.php',
    methods: ['GET'],
    body: 'query',
  },
  login: { area: 'auth', svc: 'login', script: 'data-svc.php', methods: ['POST'], body: 'json' },
  publicConfig: {
    area: 'config',
    svc: 'public',
    script: 'data-svc.php',
    methods: ['GET'],
    body: 'query',
  },
} as const satisfies Record<string, CallWire>;

type SessionCall = CallTable['auth']['session'];
type LoginCall = CallTable['auth']['login'];
type PublicConfigCall = CallTable['config']['public'];

async function checked<C extends keyof typeof publicCallWires>(
  name: C,
  answer: unknown,
): Promise<unknown> {
  // a constant in the production build, where this branch and the table's chunk go away
  if (!(import.meta.env.DEV || import.meta.env.MODE === 'test')) return answer;
  const { publicCallContracts } = await import('./contract-table');
  return checkAnswer(publicCallContracts[name], answer);
}

export const publicApi = {
  async session(input: CallInput<SessionCall>, options?: CallOptions) {
    const answer = await sendCall(publicCallWires.session, input, options);
    return (await checked('session', answer)) as CallOutput<SessionCall>;
  },
  async login(input: CallInput<LoginCall>, options?: CallOptions) {
    const answer = await sendCall(publicCallWires.login, input, options);
    return (await checked('login', answer)) as CallOutput<LoginCall>;
  },
  async publicConfig(input: CallInput<PublicConfigCall>, options?: CallOptions) {
    const answer = await sendCall(publicCallWires.publicConfig, input, options);
    return (await checked('publicConfig', answer)) as CallOutput<PublicConfigCall>;
  },
};

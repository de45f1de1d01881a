import { OutboxRepository } from '../../infra/mail/outbox.repository';
import { createDummyHash } from '../../infra/passwords';
import type { Area } from '../area';
import { AuthRepository } from './auth.repository';
import { registerAuthRoutes } from './auth.routes';
import { AuthService } from './auth.service';

/**
 * Sign-in, sign-up, password reset and the demo outbox. The sessions themselves are built by
 * app.ts, before any area: every call's session check (`authenticate`) reads them.
 */
export const authArea: Area = {
  name: 'auth',
  install({ calls, db, clock, config, mailer, passwords, sessions }) {
    let dummyHash: Promise<string> | undefined;
    const auth = new AuthService({
      repo: new AuthRepository(db),
      sessions,
      passwords,
      mailer,
      clock,
      publicOrigin: config.publicOrigin,
      dummyHash: () => (dummyHash ??= createDummyHash(passwords)),
    });
    registerAuthRoutes(calls, {
      auth,
      sessions,
      outbox: new OutboxRepository(db),
      publicOrigin: config.publicOrigin,
      classicUiEnabled: config.classicUiUrl !== null,
      demo: config.demo,
      signInRateLimit: config.signInRateLimit,
    });
  },
};

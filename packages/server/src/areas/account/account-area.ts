import type { Area } from '../area';
import { AccountRepository } from './account.repository';
import { registerAccountRoutes } from './account.routes';
import { AccountService } from './account.service';

/** The user's profile and account: their levels, details, password, e-mail, deletion. */
export const accountArea: Area = {
  name: 'account',
  install: ({ calls, db, mailer, passwords, clock, config }) =>
    registerAccountRoutes(
      calls,
      new AccountService({
        repo: new AccountRepository(db),
        passwords,
        mailer,
        clock,
        publicOrigin: config.publicOrigin,
      }),
    ),
};

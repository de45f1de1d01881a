import type { Area } from '../area';
import { RegistrationRepository } from './registration.repository';
import { registerRegistrationRoutes } from './registration.routes';
import { RegistrationService } from './registration.service';

/** Device registration: claiming a device, gateways, joining wireless units. */
export const registrationArea: Area = {
  name: 'registration',
  install: ({ calls, db, permissions, passwords, clock }) =>
    registerRegistrationRoutes(
      calls,
      new RegistrationService({
        repo: new RegistrationRepository(db),
        permissions,
        passwords,
        clock,
      }),
    ),
};

import type { CallRegistry } from '../../http/contract';
import type { DataSvc } from '../../http/data-svc';
import type { Clock } from '../../infra/clock';
import type { Db } from '../../infra/db/database';
import type { PasswordHasher } from '../../infra/passwords';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import { SearchRepository } from '../search/search.repository';
import { registerSearchRoutes } from '../search/search.routes';
import { SearchService } from '../search/search.service';
import { RegistrationRepository } from './registration.repository';
import { registerRegistrationRoutes } from './registration.routes';
import { RegistrationService } from './registration.service';

/** Wires the header search and device registration (claim, gateways, join) into the API. */
export function installSearchAndRegistration(
  dataSvc: DataSvc,
  deps: {
    db: Db;
    permissions: PermissionsRepository;
    passwords: PasswordHasher;
    clock: Clock;
    calls: CallRegistry;
  },
): void {
  registerSearchRoutes(deps.calls, new SearchService(new SearchRepository(deps.db)));
  registerRegistrationRoutes(
    deps.calls,
    new RegistrationService({
      repo: new RegistrationRepository(deps.db),
      permissions: deps.permissions,
      passwords: deps.passwords,
      clock: deps.clock,
    }),
  );
}

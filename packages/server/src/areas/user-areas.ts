import type { CallRegistry } from '../http/contract';
import type { DataSvc } from '../http/data-svc';
import type { Clock } from '../infra/clock';
import type { Db } from '../infra/db/database';
import type { Mailer } from '../infra/mail/mailer';
import type { PasswordHasher } from '../infra/passwords';
import { AccountRepository } from './account/account.repository';
import { registerAccountRoutes } from './account/account.routes';
import { AccountService } from './account/account.service';
import { GroupsRepository } from './groups/groups.repository';
import { registerGroupsRoutes } from './groups/groups.routes';
import { GroupsService } from './groups/groups.service';
import { NotesRepository } from './notes/notes.repository';
import { registerNotesRoutes } from './notes/notes.routes';
import { NotesService } from './notes/notes.service';
import type { PermissionsRepository } from './permissions/permissions.repository';

export interface UserAreasDeps {
  calls: CallRegistry;
  db: Db;
  clock: Clock;
  permissions: PermissionsRepository;
  mailer: Mailer;
  passwords: PasswordHasher;
  publicOrigin: string;
}

/** Notes, profile and account, and admin groups: the calls a user makes about their own work. */
export function installUserAreas(dataSvc: DataSvc, deps: UserAreasDeps): void {
  const { db, clock, permissions } = deps;
  registerNotesRoutes(deps.calls, new NotesService(new NotesRepository(db), permissions, clock));
  registerAccountRoutes(
    deps.calls,
    new AccountService({
      repo: new AccountRepository(db),
      passwords: deps.passwords,
      mailer: deps.mailer,
      clock,
      publicOrigin: deps.publicOrigin,
    }),
  );
  registerGroupsRoutes(deps.calls, new GroupsService(new GroupsRepository(db)));
}

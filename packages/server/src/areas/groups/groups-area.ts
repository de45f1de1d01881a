import type { Area } from '../area';
import { GroupsRepository } from './groups.repository';
import { registerGroupsRoutes } from './groups.routes';
import { GroupsService } from './groups.service';

/** Admin groups of locations and users. */
export const groupsArea: Area = {
  name: 'groups',
  install: ({ calls, db }) =>
    registerGroupsRoutes(calls, new GroupsService(new GroupsRepository(db))),
};

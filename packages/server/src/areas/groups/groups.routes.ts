import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { GroupsService } from './groups.service';

/** Admin group calls of spec §7 under /data-svc/groups/dataSvc.php (our choice of area). */
export function registerGroupsRoutes(calls: CallRegistry, service: GroupsService): void {
  calls.implement(callTable.groups, {
    listGroupsForUser: ({ auth, input }) =>
      service.list(auth.user, input.pageNo, input.recordsPerPage),
    getGroupCandidates: ({ auth }) => service.candidates(auth.user),
    getGroupDetailsById: ({ auth, input }) => service.details(auth.user, input.id),
    createGroupWithLocnsAndUsers: ({ auth, input }) => service.create(auth.user, input),
    editGroupWithLocnsAndUsers: ({ auth, input }) => service.edit(auth.user, input.id, input),
    deleteGroupWithLocnsAndUsers: ({ auth, input }) => service.delete(auth.user, input.id),
  });
}

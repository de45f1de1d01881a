import { groupInputSchema } from '@powerdeck/domain';
import { z } from 'zod';
import { type DataSvc, authedSvc } from '../../http/data-svc';
import type { GroupsService } from './groups.service';

const idInput = z.object({
  id: z.string({ message: 'id is required' }).trim().min(1, 'id is required').max(100),
});
const pageInput = z.object({
  pageNo: z.coerce.number().int().min(0).default(1),
  recordsPerPage: z.coerce.number().int().min(1).max(500).default(10),
});

/** Admin group calls of spec §7 under /data-svc/groups/dataSvc.php (our choice of area). */
export function registerGroupsRoutes(dataSvc: DataSvc, service: GroupsService): void {
  dataSvc.area('groups', {
    listGroupsForUser: authedSvc({
      methods: ['GET'],
      input: pageInput,
      handler: ({ auth, input }) => service.list(auth.user, input.pageNo, input.recordsPerPage),
    }),
    getGroupCandidates: authedSvc({
      methods: ['GET'],
      handler: ({ auth }) => service.candidates(auth.user),
    }),
    getGroupDetailsById: authedSvc({
      methods: ['GET'],
      input: idInput,
      handler: ({ auth, input }) => service.details(auth.user, input.id),
    }),
    createGroupWithLocnsAndUsers: authedSvc({
      methods: ['POST'],
      input: groupInputSchema,
      handler: ({ auth, input }) => service.create(auth.user, input),
    }),
    editGroupWithLocnsAndUsers: authedSvc({
      methods: ['POST'],
      input: groupInputSchema.extend(idInput.shape),
      handler: ({ auth, input }) => service.edit(auth.user, input.id, input),
    }),
    deleteGroupWithLocnsAndUsers: authedSvc({
      methods: ['GET', 'POST'],
      input: idInput,
      handler: ({ auth, input }) => service.delete(auth.user, input.id),
    }),
  });
}

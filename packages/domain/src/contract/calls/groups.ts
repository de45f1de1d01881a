import { z } from 'zod';
import {
  groupCandidatesSchema,
  groupDetailsSchema,
  groupInputSchema,
  groupsPageSchema,
} from '../../api/groups';
import { defineCall } from '../call';
import { noInput } from '../inputs';

/** Admin groups live at /data-svc/groups/dataSvc.php (our choice of area and script). */
const area = 'groups';
const script = 'dataSvc.php';

const idInput = z.object({
  id: z.string({ message: 'id is required' }).trim().min(1, 'id is required').max(100),
});

const pageInput = z.object({
  pageNo: z.coerce.number().int().min(0).default(1),
  recordsPerPage: z.coerce.number().int().min(1).max(500).default(10),
});

/** What create, edit and delete answer: the group's id. */
const groupIdOutput = z.object({ id: z.string() });

const CREATOR_OR_SUPPORT = 'the group’s creator or SUPPORT';
const MEMBERS =
  'admin or owner somewhere; every location one where the caller is admin or owner; every user existing';

export const groups = {
  listGroupsForUser: defineCall({
    area,
    script,
    svc: 'listGroupsForUser',
    methods: ['GET'],
    input: pageInput,
    output: groupsPageSchema,
    access: 'user',
    rule: 'lists only the groups the caller created or belongs to',
    summary: 'A page of the admin groups, newest first (spec §4, §7).',
  }),
  getGroupCandidates: defineCall({
    area,
    script,
    svc: 'getGroupCandidates',
    methods: ['GET'],
    input: noInput,
    output: groupCandidatesSchema,
    access: 'user',
    rule: 'offers only the locations where the caller is admin or owner, and the people there',
    summary: 'The locations and users the group stepper may offer (ours; spec §7 "fetch sites").',
  }),
  getGroupDetailsById: defineCall({
    area,
    script,
    svc: 'getGroupDetailsById',
    methods: ['GET'],
    input: idInput,
    output: groupDetailsSchema,
    access: 'user',
    rule: `${CREATOR_OR_SUPPORT}, or a member`,
    summary: 'One group with its locations and users (spec §7).',
  }),
  createGroupWithLocnsAndUsers: defineCall({
    area,
    script,
    svc: 'createGroupWithLocnsAndUsers',
    methods: ['POST'],
    body: 'json',
    input: groupInputSchema,
    output: groupIdOutput,
    access: 'user',
    rule: MEMBERS,
    summary: 'Creates a group of locations and users (spec §4, §6, §7).',
  }),
  editGroupWithLocnsAndUsers: defineCall({
    area,
    script,
    svc: 'editGroupWithLocnsAndUsers',
    methods: ['POST'],
    body: 'json',
    input: groupInputSchema.extend(idInput.shape),
    output: groupIdOutput,
    access: 'user',
    rule: `${CREATOR_OR_SUPPORT}; ${MEMBERS}`,
    summary: 'Replaces a group’s name, locations and users (spec §7).',
  }),
  deleteGroupWithLocnsAndUsers: defineCall({
    area,
    script,
    svc: 'deleteGroupWithLocnsAndUsers',
    // the console POSTs with the id in the query; GET is answered too
    methods: ['POST', 'GET'],
    body: 'query',
    input: idInput,
    output: groupIdOutput,
    access: 'user',
    rule: CREATOR_OR_SUPPORT,
    summary: 'Deletes a group (spec §7).',
  }),
};

import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants';

export const groupMessages = {
  nameRequired: 'Please enter group name',
  locationsRequired: 'Please select at least one location',
  unknownUsers: 'Some selected users do not exist.',
  notYourLocation: 'You can only add locations where you are admin or owner.',
  notYourGroup: 'Only the group creator can change this group.',
} as const;

/** One row of `groups svc=listGroupsForUser`. */
export const groupSummarySchema = z.object({
  id: z.string(),
  groupName: z.string(),
  locationCount: z.number().int(),
  userCount: z.number().int(),
  createdBy: z.string(),
  canEdit: z.boolean(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupsPageSchema = z.object({
  records: z.array(groupSummarySchema),
  totalRecords: z.number().int(),
  pageNo: z.number().int(),
  recordsPerPage: z.number().int(),
});
export type GroupsPage = z.infer<typeof groupsPageSchema>;

/** A checklist user (spec §3): `checked` is filled in by the screen. */
export const groupUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  defaultPermission: z.string(),
});
export type GroupUser = z.infer<typeof groupUserSchema>;

export const groupLocationSchema = z.object({
  siteId: z.string(),
  name: z.string(),
  permLvl: z.string(),
});
export type GroupLocation = z.infer<typeof groupLocationSchema>;

export const groupDetailsSchema = z.object({
  id: z.string(),
  groupName: z.string(),
  createdBy: z.string(),
  canEdit: z.boolean(),
  locations: z.array(groupLocationSchema),
  users: z.array(groupUserSchema),
});
export type GroupDetails = z.infer<typeof groupDetailsSchema>;

/** `groups svc=getGroupCandidates`: what the stepper may offer. */
export const groupCandidatesSchema = z.object({
  locations: z.array(groupLocationSchema),
  users: z.array(groupUserSchema),
});
export type GroupCandidates = z.infer<typeof groupCandidatesSchema>;

const idList = z.array(z.string().trim().min(1).max(100)).max(1000);

export const groupInputSchema = z.object({
  groupName: z.string().trim().min(1, groupMessages.nameRequired).max(NAME_MAX_LENGTH),
  locations: idList.min(1, groupMessages.locationsRequired),
  users: idList,
});
export type GroupInput = z.infer<typeof groupInputSchema>;

import { z } from 'zod';
import { permLvlSchema } from '../permissions/perm-lvl';

/** One note of `notes svc=getNotes` (spec §3 Note); times are epoch milliseconds. */
export const noteRecordSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  userId: z.string(),
  modUserId: z.string(),
  time: z.number(),
  modTime: z.number(),
  fname: z.string(),
  lname: z.string(),
  modFname: z.string(),
  modLname: z.string(),
});
export type NoteRecord = z.infer<typeof noteRecordSchema>;

export const notesListSchema = z.object({ records: z.array(noteRecordSchema) });
export type NotesList = z.infer<typeof notesListSchema>;

/** One location of `accountManagement svc=getUserSitesData`: the caller's level there. */
export const userSiteRecordSchema = z.object({
  siteId: z.string(),
  name: z.string(),
  permLvl: permLvlSchema,
});
export type UserSiteRecord = z.infer<typeof userSiteRecordSchema>;
export const userSitesDataSchema = z.object({ records: z.array(userSiteRecordSchema) });
export type UserSitesData = z.infer<typeof userSitesDataSchema>;

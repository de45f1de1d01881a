import { z } from 'zod';
import { requiredTextSchema } from './common';
import { validationMessages } from './validation-messages';

// The spec sets no limit; this keeps one note a reasonable size for the list and the database.
export const NOTE_MAX_LENGTH = 10000;

/** Note text: an empty note cannot be saved ('Can not save empty note.'). */
export const noteTextSchema = requiredTextSchema(validationMessages.emptyNote).max(NOTE_MAX_LENGTH);

export const createNoteSchema = z.object({ siteId: z.string().min(1), note: noteTextSchema });
export type CreateNote = z.infer<typeof createNoteSchema>;

export const editNoteSchema = z.object({
  siteId: z.string().min(1),
  noteId: z.coerce.number().int().positive(),
  note: noteTextSchema,
});
export type EditNote = z.infer<typeof editNoteSchema>;

export const deleteNoteSchema = z.object({
  siteId: z.string().min(1),
  noteId: z.coerce.number().int().positive(),
});
export type DeleteNote = z.infer<typeof deleteNoteSchema>;

export const noteOrderSchema = z.enum(['asc', 'desc']);
export type NoteOrder = z.infer<typeof noteOrderSchema>;

/** `notes svc=getNotes` (siteId, sortBy=modTime, orderBy asc or desc; Descending by default). */
export const getNotesSchema = z.object({
  siteId: z.string().min(1),
  sortBy: z.literal('modTime').default('modTime'),
  orderBy: noteOrderSchema.default('desc'),
});
export type GetNotes = z.infer<typeof getNotesSchema>;

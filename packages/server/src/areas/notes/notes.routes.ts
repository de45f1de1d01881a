import {
  createNoteSchema,
  deleteNoteSchema,
  editNoteSchema,
  getNotesSchema,
  noteTextSchema,
  validationMessages,
} from '@powerdeck/domain';
import { z } from 'zod';
import { type DataSvc, authedSvc } from '../../http/data-svc';
import type { NotesService } from './notes.service';

/** The console URL-encodes note text (spec §5); decode before the shared schema checks it. */
function decodeNote(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
const encodedNote = z
  .string({ message: validationMessages.emptyNote })
  .max(40_000)
  .transform(decodeNote)
  .pipe(noteTextSchema);

const siteId = z
  .string({ message: 'siteId is required' })
  .trim()
  .min(1, 'siteId is required')
  .max(100);

/** Notes calls of spec §7: `notes svc=getNotes`, `siteManagement svc=createNote|editNote|deleteNote`. */
export function registerNotesRoutes(dataSvc: DataSvc, service: NotesService): void {
  dataSvc.area('notes', {
    getNotes: authedSvc({
      methods: ['GET'],
      input: getNotesSchema.extend({ siteId }),
      handler: ({ auth, input }) => service.getNotes(auth.user, input),
    }),
  });
  dataSvc.area('siteManagement', {
    createNote: authedSvc({
      methods: ['POST'],
      input: createNoteSchema.extend({ siteId, note: encodedNote }),
      handler: ({ auth, input }) => service.createNote(auth.user, input),
    }),
    editNote: authedSvc({
      methods: ['POST'],
      input: editNoteSchema.extend({ siteId, note: encodedNote }),
      handler: ({ auth, input }) => service.editNote(auth.user, input),
    }),
    deleteNote: authedSvc({
      methods: ['POST'],
      input: deleteNoteSchema.extend({ siteId }),
      handler: ({ auth, input }) => service.deleteNote(auth.user, input),
    }),
  });
}

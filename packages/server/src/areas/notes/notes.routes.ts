import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { NotesService } from './notes.service';

/** Notes calls of spec §7: `notes svc=getNotes`, `siteManagement svc=createNote|editNote|deleteNote`. */
export function registerNotesRoutes(calls: CallRegistry, service: NotesService): void {
  calls.implement(callTable.notes, {
    getNotes: ({ auth, input }) => service.getNotes(auth.user, input),
    createNote: ({ auth, input }) => service.createNote(auth.user, input),
    editNote: ({ auth, input }) => service.editNote(auth.user, input),
    deleteNote: ({ auth, input }) => service.deleteNote(auth.user, input),
  });
}

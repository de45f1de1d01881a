import type { Area } from '../area';
import { NotesRepository } from './notes.repository';
import { registerNotesRoutes } from './notes.routes';
import { NotesService } from './notes.service';

/** A location's notes. */
export const notesArea: Area = {
  name: 'notes',
  install: ({ calls, db, permissions, clock }) =>
    registerNotesRoutes(calls, new NotesService(new NotesRepository(db), permissions, clock)),
};

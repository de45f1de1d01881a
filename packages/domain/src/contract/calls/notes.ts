import { z } from 'zod';
import { notesListSchema } from '../../api/notes';
import {
  createNoteSchema,
  deleteNoteSchema,
  editNoteSchema,
  getNotesSchema,
  noteTextSchema,
} from '../../validation/notes';
import { validationMessages } from '../../validation/validation-messages';
import { defineCall } from '../call';
import { siteIdField } from '../inputs';

/** The console URL-encodes note text (spec §5); decode before the shared schema checks it. */
function decodeNote(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A note as sent: URL-encoded text, decoded once, then not blank (spec §5). */
const encodedNote = z
  .string({ message: validationMessages.emptyNote })
  .max(40_000)
  .transform(decodeNote)
  .pipe(noteTextSchema);

/** What create, edit and delete answer: the note's id. */
const noteIdOutput = z.object({ id: z.number().int() });

const NOTES_LEVEL = 'a level other than CLIENT at siteId';
const CREATOR_OR_ADMIN = `${NOTES_LEVEL}; the note’s creator or ADMIN at siteId (SUPPORT acts as ADMIN)`;

export const notes = {
  getNotes: defineCall({
    area: 'notes',
    // the console calls this one with the camel-case script
    script: 'dataSvc.php',
    svc: 'getNotes',
    methods: ['GET'],
    input: getNotesSchema.extend({ siteId: siteIdField }),
    output: notesListSchema,
    access: 'user',
    rule: NOTES_LEVEL,
    summary: 'The notes of a location by modification time (spec §2 Notes screen, §7).',
  }),
  createNote: defineCall({
    area: 'siteManagement',
    svc: 'createNote',
    methods: ['POST'],
    input: createNoteSchema.extend({ siteId: siteIdField, note: encodedNote }),
    output: noteIdOutput,
    access: 'user',
    rule: NOTES_LEVEL,
    summary: 'Adds a note to a location (spec §5, §7).',
  }),
  editNote: defineCall({
    area: 'siteManagement',
    svc: 'editNote',
    methods: ['POST'],
    input: editNoteSchema.extend({ siteId: siteIdField, note: encodedNote }),
    output: noteIdOutput,
    access: 'user',
    rule: CREATOR_OR_ADMIN,
    summary: 'Changes a note’s text (spec §6, §7).',
  }),
  deleteNote: defineCall({
    area: 'siteManagement',
    svc: 'deleteNote',
    methods: ['POST'],
    input: deleteNoteSchema.extend({ siteId: siteIdField }),
    output: noteIdOutput,
    access: 'user',
    rule: CREATOR_OR_ADMIN,
    summary: 'Deletes a note (spec §6, §7).',
  }),
};

import { BLANK_NOTE_ID } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import {
  type NotesAction,
  type NotesState,
  hasUnsavedChanges,
  initialNotesState,
  notesReducer,
  saveDecision,
} from './notes-reducer';

const run = (actions: NotesAction[], state: NotesState = initialNotesState('s1')) =>
  actions.reduce(notesReducer, state);

describe('notes reducer', () => {
  it('starts Descending with nothing selected', () => {
    expect(initialNotesState('s1')).toMatchObject({
      sort: 'desc',
      selectedNoteId: null,
      editing: false,
    });
  });

  it('enables creation only once a location is selected', () => {
    expect(run([{ type: 'startNew' }], initialNotesState(null)).editing).toBe(false);
    const state = run([{ type: 'startNew' }]);
    expect(state).toMatchObject({ selectedNoteId: BLANK_NOTE_ID, editing: true, isBlank: true });
  });

  it('discards the blank note on cancel', () => {
    const state = run([
      { type: 'startNew' },
      { type: 'changeDraft', text: 'hi' },
      { type: 'cancelEdit' },
    ]);
    expect(state).toMatchObject({
      selectedNoteId: null,
      editing: false,
      isBlank: false,
      draft: '',
    });
  });

  it('decides what Save does: empty, create, edit, or leave edit mode unchanged', () => {
    expect(saveDecision(run([{ type: 'startNew' }, { type: 'changeDraft', text: '  ' }]))).toBe(
      'empty',
    );
    expect(saveDecision(run([{ type: 'startNew' }, { type: 'changeDraft', text: 'new' }]))).toBe(
      'create',
    );
    const editing = run([{ type: 'startEdit', noteId: 4, text: 'old' }]);
    expect(saveDecision(editing)).toBe('unchanged');
    expect(saveDecision(notesReducer(editing, { type: 'changeDraft', text: 'new' }))).toBe('edit');
  });

  it('a successful add clears the blank flag and selects the saved note', () => {
    const state = run([
      { type: 'startNew' },
      { type: 'changeDraft', text: 'x' },
      { type: 'saved', noteId: 9 },
    ]);
    expect(state).toMatchObject({ isBlank: false, editing: false, selectedNoteId: 9 });
  });

  it('asks before changing location, note or sort with unsaved changes', () => {
    const dirty = run([
      { type: 'startEdit', noteId: 4, text: 'old' },
      { type: 'changeDraft', text: 'new' },
    ]);
    expect(hasUnsavedChanges(dirty)).toBe(true);
    for (const change of [
      { type: 'selectLocation', siteId: 's2' },
      { type: 'selectNote', noteId: 5 },
      { type: 'toggleSort' },
    ] as const) {
      const asked = notesReducer(dirty, { type: 'request', change });
      expect(asked.pending).toEqual(change);
      expect(asked.draft).toBe('new');
      expect(notesReducer(asked, { type: 'cancelDiscard' })).toEqual(dirty);
    }
    const confirmed = run(
      [{ type: 'request', change: { type: 'toggleSort' } }, { type: 'confirmDiscard' }],
      dirty,
    );
    expect(confirmed).toMatchObject({ sort: 'asc', editing: false, pending: null });
  });

  it('changes at once when nothing is unsaved; sort toggles back to Descending', () => {
    const state = run([
      { type: 'startEdit', noteId: 4, text: 'same' },
      { type: 'request', change: { type: 'selectLocation', siteId: 's2' } },
    ]);
    expect(state).toMatchObject({
      siteId: 's2',
      selectedNoteId: null,
      editing: false,
      pending: null,
    });
    const sorted = run([
      { type: 'request', change: { type: 'toggleSort' } },
      { type: 'request', change: { type: 'toggleSort' } },
    ]);
    expect(sorted.sort).toBe('desc');
  });

  it('a blank note with nothing typed is not an unsaved change', () => {
    expect(hasUnsavedChanges(run([{ type: 'startNew' }]))).toBe(false);
  });

  it('forgets the selection when the selected note is deleted', () => {
    const state = run([
      { type: 'request', change: { type: 'selectNote', noteId: 3 } },
      { type: 'deleted', noteId: 3 },
    ]);
    expect(state.selectedNoteId).toBeNull();
  });
});

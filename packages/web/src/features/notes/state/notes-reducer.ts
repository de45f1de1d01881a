import { BLANK_NOTE_ID, NOTES_DEFAULT_SORT, type NoteOrder } from '@powerdeck/domain';

/** A change the user asked for that discards unsaved edits, so it waits for confirmation. */
export type NotesChange =
  | { type: 'selectLocation'; siteId: string }
  | { type: 'selectNote'; noteId: number }
  | { type: 'toggleSort' };

export interface NotesState {
  siteId: string | null;
  selectedNoteId: number | null;
  sort: NoteOrder;
  editing: boolean;
  /** The blank unsaved note (id -1) is on screen. */
  isBlank: boolean;
  draft: string;
  /** The text when editing started, to tell a changed note from an unchanged one. */
  original: string;
  /** A change waiting for 'Do you want to discard the unsaved changes?'. */
  pending: NotesChange | null;
}

export type NotesAction =
  | { type: 'request'; change: NotesChange }
  | { type: 'confirmDiscard' }
  | { type: 'cancelDiscard' }
  | { type: 'startNew' }
  | { type: 'startEdit'; noteId: number; text: string }
  | { type: 'changeDraft'; text: string }
  | { type: 'cancelEdit' }
  | { type: 'saved'; noteId: number }
  | { type: 'deleted'; noteId: number };

export function initialNotesState(siteId: string | null): NotesState {
  return {
    siteId,
    selectedNoteId: null,
    sort: NOTES_DEFAULT_SORT,
    editing: false,
    isBlank: false,
    draft: '',
    original: '',
    pending: null,
  };
}

/** Unsaved changes: text typed into a new note, or a note's text changed while editing. */
export function hasUnsavedChanges(state: NotesState): boolean {
  if (!state.editing) return false;
  return state.isBlank ? state.draft.trim() !== '' : state.draft !== state.original;
}

export type SaveDecision = 'empty' | 'create' | 'edit' | 'unchanged';

/** What Save does (spec §4, §5): refuse an empty note, add a new one, edit a changed one, or just leave edit mode. */
export function saveDecision(state: NotesState): SaveDecision {
  if (state.draft.trim() === '') return 'empty';
  if (state.isBlank) return 'create';
  return state.draft === state.original ? 'unchanged' : 'edit';
}

const leaveEdit = (state: NotesState): NotesState => ({
  ...state,
  editing: false,
  isBlank: false,
  draft: '',
  original: '',
  pending: null,
  selectedNoteId: state.isBlank ? null : state.selectedNoteId,
});

function apply(state: NotesState, change: NotesChange): NotesState {
  const clean = leaveEdit(state);
  switch (change.type) {
    case 'selectLocation':
      return { ...clean, siteId: change.siteId, selectedNoteId: null };
    case 'selectNote':
      return { ...clean, selectedNoteId: change.noteId };
    case 'toggleSort':
      return { ...clean, sort: state.sort === 'desc' ? 'asc' : 'desc' };
  }
}

export function notesReducer(state: NotesState, action: NotesAction): NotesState {
  switch (action.type) {
    case 'request':
      return hasUnsavedChanges(state)
        ? { ...state, pending: action.change }
        : apply(state, action.change);
    case 'confirmDiscard':
      return state.pending ? apply(state, state.pending) : state;
    case 'cancelDiscard':
      return { ...state, pending: null };
    case 'startNew':
      // creation is enabled once a location is selected
      if (state.siteId === null) return state;
      return {
        ...state,
        selectedNoteId: BLANK_NOTE_ID,
        editing: true,
        isBlank: true,
        draft: '',
        original: '',
      };
    case 'startEdit':
      return {
        ...state,
        selectedNoteId: action.noteId,
        editing: true,
        isBlank: false,
        draft: action.text,
        original: action.text,
      };
    case 'changeDraft':
      return { ...state, draft: action.text };
    case 'cancelEdit':
      return leaveEdit(state);
    case 'saved':
      // a successful add clears the blank flag
      return { ...leaveEdit(state), selectedNoteId: action.noteId };
    case 'deleted':
      return state.selectedNoteId === action.noteId
        ? { ...leaveEdit(state), selectedNoteId: null }
        : state;
  }
}

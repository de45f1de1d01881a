import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  type NoteRecord,
  type PermLvl,
  canEditOrDeleteNote,
  messages,
  validationMessages,
} from '@powerdeck/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReducer, useState } from 'react';
import { createNote, deleteNote, editNote, notesKeys, useNotes } from '../api/notes-api';
import {
  type NotesChange,
  hasUnsavedChanges,
  initialNotesState,
  notesReducer,
  saveDecision,
} from '../state/notes-reducer';

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : messages.error;

/** The notes screen's state machine wired to its calls (spec §4 Notes). */
export function useNotesScreen(options: {
  siteId: string | null;
  userId: string;
  level: PermLvl | undefined;
}) {
  const [state, dispatch] = useReducer(notesReducer, options.siteId, initialNotesState);
  const [editorError, setEditorError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const notes = useNotes(state.siteId, state.sort);
  const selected: NoteRecord | undefined = notes.data?.records.find(
    (n) => n.id === state.selectedNoteId,
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: notesKeys.all });
  const save = useMutation({
    mutationFn: async ({ siteId, kind }: { siteId: string; kind: 'create' | 'edit' }) =>
      kind === 'create'
        ? createNote(siteId, state.draft)
        : editNote(siteId, state.selectedNoteId ?? 0, state.draft),
    onSuccess: async ({ id }) => {
      dispatch({ type: 'saved', noteId: id });
      await refresh();
    },
    onError: (error, { kind }) => {
      setEditorError(errorText(error));
      if (kind === 'edit') notifications.show({ color: 'red', message: errorText(error) });
    },
  });
  const remove = useMutation({
    mutationFn: ({ siteId, noteId }: { siteId: string; noteId: number }) =>
      deleteNote(siteId, noteId),
    onSuccess: async ({ id }) => {
      dispatch({ type: 'deleted', noteId: id });
      await refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });

  /** Runs `then` at once, or after 'Do you want to discard the unsaved changes?' is confirmed. */
  const request = (change: NotesChange, then?: () => void) => {
    setEditorError(null);
    dispatch({ type: 'request', change });
    if (!hasUnsavedChanges(state)) {
      then?.();
      return;
    }
    modals.openConfirmModal({
      title: 'Unsaved changes',
      children: messages.discardUnsavedChanges,
      labels: { confirm: 'Discard', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        dispatch({ type: 'confirmDiscard' });
        then?.();
      },
      onCancel: () => dispatch({ type: 'cancelDiscard' }),
    });
  };

  const handleSave = () => {
    const decision = saveDecision(state);
    if (decision === 'empty') return setEditorError(validationMessages.emptyNote);
    if (decision === 'unchanged') return dispatch({ type: 'cancelEdit' });
    if (state.siteId) save.mutate({ siteId: state.siteId, kind: decision });
  };

  const handleDelete = () => {
    const siteId = state.siteId;
    const note = selected;
    if (!siteId || !note) return;
    modals.openConfirmModal({
      title: 'Delete note',
      children: 'Do you want to delete this note?',
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ siteId, noteId: note.id }),
    });
  };

  const canChange =
    selected !== undefined &&
    options.level !== undefined &&
    canEditOrDeleteNote(selected, options.userId, options.level);

  return {
    state,
    dispatch,
    notes,
    selected,
    canChange,
    editorError,
    saving: save.isPending,
    setEditorError,
    request,
    handleSave,
    handleDelete,
  };
}

import type { NoteOrder } from '@powerdeck/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const notesKeys = {
  all: ['notes'] as const,
  list: (siteId: string, order: NoteOrder) => ['notes', siteId, order] as const,
  userSites: ['accountManagement', 'getUserSitesData'] as const,
};

/** `accountManagement svc=getUserSitesData`: the user's level at each location (spec §6). */
export function useUserSitesData(userId: string | undefined) {
  return useQuery({
    queryKey: [...notesKeys.userSites, userId],
    queryFn: ({ signal }) => api.account.getUserSitesData({ user: userId }, { signal }),
    enabled: userId !== undefined,
  });
}

export function useNotes(siteId: string | null, order: NoteOrder) {
  return useQuery({
    queryKey: notesKeys.list(siteId ?? '', order),
    queryFn: () => api.notes.getNotes({ siteId: siteId ?? '', sortBy: 'modTime', orderBy: order }),
    enabled: siteId !== null,
  });
}

/** Note text is URL-encoded when sent (spec §5). */
export function createNote(siteId: string, note: string) {
  return api.notes.createNote({ siteId, note: encodeURIComponent(note) });
}

export function editNote(siteId: string, noteId: number, note: string) {
  return api.notes.editNote({ siteId, noteId, note: encodeURIComponent(note) });
}

export function deleteNote(siteId: string, noteId: number) {
  return api.notes.deleteNote({ siteId, noteId });
}

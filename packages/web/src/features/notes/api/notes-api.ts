import type { NoteOrder, NotesList, UserSitesData } from '@powerdeck/domain';
import { useQuery } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';

const script = 'dataSvc.php';

export const notesKeys = {
  all: ['notes'] as const,
  list: (siteId: string, order: NoteOrder) => ['notes', siteId, order] as const,
  userSites: ['accountManagement', 'getUserSitesData'] as const,
};

/** `accountManagement svc=getUserSitesData`: the user's level at each location (spec §6). */
export function useUserSitesData(userId: string | undefined) {
  return useQuery({
    queryKey: [...notesKeys.userSites, userId],
    queryFn: () =>
      dataSvc<UserSitesData>('accountManagement', 'getUserSitesData', { query: { user: userId } }),
    enabled: userId !== undefined,
  });
}

export function useNotes(siteId: string | null, order: NoteOrder) {
  return useQuery({
    queryKey: notesKeys.list(siteId ?? '', order),
    queryFn: () =>
      dataSvc<NotesList>('notes', 'getNotes', {
        script,
        query: { siteId, sortBy: 'modTime', orderBy: order },
      }),
    enabled: siteId !== null,
  });
}

/** Note text is URL-encoded when sent (spec §5). */
export function createNote(siteId: string, note: string) {
  return dataSvc<{ id: number }>('siteManagement', 'createNote', {
    form: { siteId, note: encodeURIComponent(note) },
  });
}

export function editNote(siteId: string, noteId: number, note: string) {
  return dataSvc<{ id: number }>('siteManagement', 'editNote', {
    form: { siteId, noteId, note: encodeURIComponent(note) },
  });
}

export function deleteNote(siteId: string, noteId: number) {
  return dataSvc<{ id: number }>('siteManagement', 'deleteNote', { form: { siteId, noteId } });
}

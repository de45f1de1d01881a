import {
  type CreateNote,
  type DeleteNote,
  type EditNote,
  type GetNotes,
  type NotesList,
  type PermLvl,
  type SessionUser,
  canEditOrDeleteNote,
  canUseNotes,
  permissionMessages,
} from '@powerdeck/domain';
import { forbidden, notFound } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import type { NoteRow, NotesRepository } from './notes.repository';

export const noteErrors = {
  notFound: 'Note not found.',
  notAuthor: 'Only the creator or an ADMIN at this location can change this note.',
} as const;

/** Notes rules (spec §4-§6): none for CLIENT; edit or delete by the creator or an ADMIN. */
export class NotesService {
  constructor(
    private readonly repo: NotesRepository,
    private readonly permissions: PermissionsRepository,
    private readonly clock: Clock,
  ) {}

  async getNotes(user: SessionUser, input: GetNotes): Promise<NotesList> {
    await this.requireNotesLevel(user, input.siteId);
    return { records: await this.repo.list(input.siteId, input.orderBy) };
  }

  async createNote(user: SessionUser, input: CreateNote): Promise<{ id: number }> {
    await this.requireNotesLevel(user, input.siteId);
    const id = await this.repo.insert(input.siteId, input.note, user.userId, this.clock.now());
    return { id };
  }

  async editNote(user: SessionUser, input: EditNote): Promise<{ id: number }> {
    const level = await this.requireNotesLevel(user, input.siteId);
    const note = await this.requireChangeable(user, level, input.siteId, input.noteId);
    await this.repo.update(note.id, input.note, user.userId, this.clock.now());
    return { id: note.id };
  }

  async deleteNote(user: SessionUser, input: DeleteNote): Promise<{ id: number }> {
    const level = await this.requireNotesLevel(user, input.siteId);
    const note = await this.requireChangeable(user, level, input.siteId, input.noteId);
    await this.repo.delete(note.id);
    return { id: note.id };
  }

  private async requireNotesLevel(user: SessionUser, siteId: string): Promise<PermLvl> {
    const level = await requireLocationAccess(this.permissions, user, siteId);
    if (!canUseNotes(level)) throw forbidden(permissionMessages.noNotesPermissionAnyLocation);
    return level;
  }

  private async requireChangeable(
    user: SessionUser,
    level: PermLvl,
    siteId: string,
    noteId: number,
  ): Promise<NoteRow> {
    const note = await this.repo.find(siteId, noteId);
    if (!note) throw notFound(noteErrors.notFound);
    if (!canEditOrDeleteNote(note, user.userId, level)) throw forbidden(noteErrors.notAuthor);
    return note;
  }
}

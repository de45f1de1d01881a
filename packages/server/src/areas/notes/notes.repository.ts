import type { NoteOrder, NoteRecord } from '@powerdeck/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/database';
import { users } from '../../infra/db/schema';
import { notes } from '../../infra/db/schema-collab';

export type NoteRow = typeof notes.$inferSelect;

const creator = alias(users, 'creator');
const modifier = alias(users, 'modifier');

export class NotesRepository {
  constructor(private readonly db: Db) {}

  async list(siteId: string, order: NoteOrder): Promise<NoteRecord[]> {
    const rows = await this.db
      .select({
        note: notes,
        fname: creator.firstName,
        lname: creator.lastName,
        modFname: modifier.firstName,
        modLname: modifier.lastName,
      })
      .from(notes)
      .leftJoin(creator, eq(creator.id, notes.userId))
      .leftJoin(modifier, eq(modifier.id, notes.modUserId))
      .where(eq(notes.siteId, siteId))
      .orderBy(
        order === 'asc' ? asc(notes.modTime) : desc(notes.modTime),
        order === 'asc' ? asc(notes.id) : desc(notes.id),
      );
    return rows.map((r) => ({
      id: r.note.id,
      note: r.note.note,
      userId: r.note.userId,
      modUserId: r.note.modUserId,
      time: r.note.time.getTime(),
      modTime: r.note.modTime.getTime(),
      fname: r.fname ?? '',
      lname: r.lname ?? '',
      modFname: r.modFname ?? '',
      modLname: r.modLname ?? '',
    }));
  }

  async find(siteId: string, id: number): Promise<NoteRow | undefined> {
    const [row] = await this.db
      .select()
      .from(notes)
      .where(and(eq(notes.siteId, siteId), eq(notes.id, id)))
      .limit(1);
    return row;
  }

  async insert(siteId: string, text: string, userId: string, at: Date): Promise<number> {
    const [row] = await this.db
      .insert(notes)
      .values({ siteId, note: text, userId, modUserId: userId, time: at, modTime: at })
      .returning({ id: notes.id });
    if (!row) throw new Error('note insert returned no row');
    return row.id;
  }

  async update(id: number, text: string, userId: string, at: Date): Promise<void> {
    await this.db
      .update(notes)
      .set({ note: text, modUserId: userId, modTime: at })
      .where(eq(notes.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(notes).where(eq(notes.id, id));
  }
}

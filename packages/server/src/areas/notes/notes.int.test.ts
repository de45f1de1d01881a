import type { NotesList, UserSitesData } from '@powerdeck/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { type DemoApp, startDemoApp } from '../../test/demo-sessions';

describe.each(testDatabases())('notes on $name', (testDb) => {
  let d: DemoApp;
  let shared = ''; // a location where owner, admin and installer all hold a level
  let clientSite = '';

  beforeAll(async () => {
    d = await startDemoApp(testDb);
    const sites = async (role: 'owner' | 'admin' | 'installer' | 'client') =>
      (await d.call(role, 'accountManagement', 'getUserSitesData')).json<UserSitesData>().records;
    const [admin, installer, client] = [
      await sites('admin'),
      await sites('installer'),
      await sites('client'),
    ];
    const installerIds = new Set(installer.map((s) => s.siteId));
    shared = admin.find((s) => s.permLvl === 'ADMIN' && installerIds.has(s.siteId))?.siteId ?? '';
    clientSite = client[0]?.siteId ?? '';
    expect(shared).not.toBe('');
    expect(clientSite).not.toBe('');
  });
  afterAll(() => d.close());

  const list = async (role: 'owner' | 'admin' | 'installer', orderBy = 'desc') =>
    (
      await d.call(role, 'notes', 'getNotes', {
        query: { siteId: shared, sortBy: 'modTime', orderBy },
      })
    ).json<NotesList>().records;
  const create = (
    role: 'owner' | 'admin' | 'installer' | 'client',
    note: string,
    siteId = shared,
  ) => d.call(role, 'siteManagement', 'createNote', { form: { siteId, note } });

  it('creates a note from URL-encoded text and lists it with its author, newest first', async () => {
    const first = await create('installer', encodeURIComponent('Rack 2 & PDU "B": check fan'));
    expect(first.statusCode).toBe(200);
    d.t.clock.advance(1000);
    await create('installer', 'second');
    const records = await list('installer');
    expect(records[0]?.note).toBe('second');
    expect(records[1]).toMatchObject({
      note: 'Rack 2 & PDU "B": check fan',
      fname: 'Ines',
      lname: 'Ivanova',
    });
    expect((await list('installer', 'asc')).at(-1)?.note).toBe('second');
  });

  it('refuses an empty note with the spec message', async () => {
    const response = await create('installer', encodeURIComponent('   '));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Can not save empty note.' });
  });

  it('edits: the creator and an ADMIN may, another level may not; the edit moves it to the top', async () => {
    const id = (await create('installer', 'to edit')).json<{ id: number }>().id;
    d.t.clock.advance(1000);
    const byOwner = await d.call('owner', 'siteManagement', 'editNote', {
      form: { siteId: shared, noteId: String(id), note: 'x' },
    });
    // the owner is not ADMIN at this location and not the creator
    expect(byOwner.statusCode).toBe(403);
    const byAdmin = await d.call('admin', 'siteManagement', 'editNote', {
      form: { siteId: shared, noteId: String(id), note: 'edited' },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect((await list('installer'))[0]).toMatchObject({
      id,
      note: 'edited',
      modFname: 'Adam',
      fname: 'Ines',
    });
  });

  it('deletes by the creator; an unknown note is 404', async () => {
    const id = (await create('installer', 'to delete')).json<{ id: number }>().id;
    expect(
      (
        await d.call('installer', 'siteManagement', 'deleteNote', {
          form: { siteId: shared, noteId: String(id) },
        })
      ).statusCode,
    ).toBe(200);
    expect((await list('installer')).some((n) => n.id === id)).toBe(false);
    const again = await d.call('installer', 'siteManagement', 'deleteNote', {
      form: { siteId: shared, noteId: String(id) },
    });
    expect(again.statusCode).toBe(404);
  });

  it('gives CLIENT no notes: 403 with the notes permission message', async () => {
    const read = await d.call('client', 'notes', 'getNotes', { query: { siteId: clientSite } });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({
      error: 'You dont have permissions to see/create notes at any location.',
    });
    expect((await create('client', 'hello', clientSite)).statusCode).toBe(403);
  });

  it('answers 401 without a session, 400 for bad input, 403 for a foreign location', async () => {
    expect(
      (await d.call(null, 'notes', 'getNotes', { query: { siteId: shared } })).statusCode,
    ).toBe(401);
    expect(
      (await d.call('installer', 'notes', 'getNotes', { query: { siteId: shared, orderBy: 'up' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await d.call('installer', 'siteManagement', 'editNote', {
          form: { siteId: shared, noteId: 'abc', note: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await d.call('installer', 'siteManagement', 'createNote', {
          form: { siteId: shared, note: '%E0%A4%A' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await d.call('installer', 'notes', 'getNotes', { query: { siteId: 'no-such-site' } }))
        .statusCode,
    ).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import { createClientSchema, inlineClientSchema } from './client';
import {
  addLocationAndClientSchema,
  locationCreateSchema,
  locationNameSchema,
  locationSettingsSchema,
  zipCodeSchema,
} from './location';
import { createNoteSchema, getNotesSchema, noteTextSchema } from './notes';
import { pictureError, pictureSchema } from './picture';
import { canSubmitSearch, searchQuerySchema, shouldAutoSearch } from './search';

const messagesOf = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

const KB = 1024;

describe('location', () => {
  it('empty location name says Please enter location name', () => {
    expect(messagesOf(locationNameSchema.safeParse(' '))).toEqual([': Please enter location name']);
  });

  it('location name of 41 characters is rejected', () => {
    expect(locationNameSchema.safeParse('l'.repeat(41)).success).toBe(false);
  });

  it('zip code accepts proper codes and empty, and rejects others', () => {
    for (const zip of ['', '94105', '94105-1234', 'K1A 0B1', 'SW1A 1AA']) {
      expect(zipCodeSchema.safeParse(zip).success).toBe(true);
    }
    for (const zip of ['1', '12', 'abc!!', '12345678901', '-1234']) {
      expect(messagesOf(zipCodeSchema.safeParse(zip))).toEqual([': Please enter proper zipcode']);
    }
  });

  it('create payload defaults timezone -8.00, viewpref outlet_controls and dst no', () => {
    const parsed = locationCreateSchema.parse({ name: 'HQ' });
    expect(parsed.timezone).toBe('-8.00');
    expect(parsed.viewpref).toBe('outlet_controls');
    expect(parsed.dst).toBe('no');
  });

  it('create payload rejects an unknown view preference and install month 13', () => {
    expect(locationCreateSchema.safeParse({ name: 'HQ', viewpref: 'other' }).success).toBe(false);
    expect(locationCreateSchema.safeParse({ name: 'HQ', installmonth: '13' }).success).toBe(false);
  });

  it('add location with a new inline client needs name, phone and email', () => {
    const result = addLocationAndClientSchema.safeParse({
      location: { name: 'HQ' },
      client: { firstName: '', phone: '', email: '' },
    });
    expect(messagesOf(result)).toEqual([
      'client.firstName: Please enter client name',
      'client.phone: Please enter contact number',
      'client.email: Please enter a client email',
    ]);
  });

  it('inline client is marked isClient true', () => {
    const client = inlineClientSchema.parse({
      firstName: 'Acme',
      phone: '5551234',
      email: 'ops@acme.example',
    });
    expect(client.isClient).toBe(true);
  });

  it('general settings accept outlet_controls and energy_management only', () => {
    const base = {
      locationName: 'HQ',
      timezone: '-8.00',
      dst: 'yes',
      installationDate: '2024-02-29',
    } as const;
    expect(
      locationSettingsSchema.safeParse({ ...base, devViewPref: 'outlet_controls' }).success,
    ).toBe(true);
    expect(
      locationSettingsSchema.safeParse({ ...base, devViewPref: 'energy_management' }).success,
    ).toBe(true);
    expect(locationSettingsSchema.safeParse({ ...base, devViewPref: 'x' }).success).toBe(false);
  });

  it('general settings reject an impossible installation date', () => {
    const result = locationSettingsSchema.safeParse({
      locationName: 'HQ',
      timezone: '-8.00',
      dst: 'no',
      devViewPref: 'outlet_controls',
      installationDate: '2023-02-30',
    });
    expect(result.success).toBe(false);
  });
});

describe('picture', () => {
  it('a picture of exactly 300 KB is accepted and one byte more is not', () => {
    expect(pictureError({ name: 'a.png', size: 300 * KB })).toBeNull();
    expect(pictureError({ name: 'a.png', size: 300 * KB + 1 })).toBe(
      'File size should be less than or equal to 300 KB',
    );
  });

  it('jpeg, jpg, png and gif are accepted in any case', () => {
    for (const name of ['a.jpeg', 'a.JPG', 'a.png', 'a.gif']) {
      expect(pictureError({ name, size: 10 })).toBeNull();
    }
  });

  it('other types are an Invalid file type', () => {
    expect(pictureError({ name: 'a.bmp', size: 10 })).toBe('Invalid file type');
    expect(pictureError({ name: 'png', size: 10 })).toBe('Invalid file type');
    expect(pictureError({ name: 'a.png', size: 10, type: 'text/html' })).toBe('Invalid file type');
  });

  it('the schema reports both problems', () => {
    expect(messagesOf(pictureSchema.safeParse({ name: 'a.bmp', size: 400 * KB }))).toEqual([
      'type: Invalid file type',
      'size: File size should be less than or equal to 300 KB',
    ]);
  });
});

describe('create client', () => {
  const valid = { clientName: 'Acme', clientEmail: 'ops@acme.example', clientPhone: '5551234' };

  it('a client with name, email and phone is valid; address fields are optional', () => {
    expect(createClientSchema.safeParse(valid).success).toBe(true);
  });

  it('empty fields give the spec messages', () => {
    expect(
      messagesOf(
        createClientSchema.safeParse({ clientName: '', clientEmail: '', clientPhone: '' }),
      ),
    ).toEqual([
      'clientName: Please enter client name',
      'clientEmail: Please enter a client email',
      'clientPhone: Please enter contact number',
    ]);
  });

  it('bad email and non-numeric phone give the spec messages', () => {
    expect(
      messagesOf(
        createClientSchema.safeParse({ ...valid, clientEmail: 'nope', clientPhone: '555-12' }),
      ),
    ).toEqual([
      'clientEmail: Please enter a valid email address',
      'clientPhone: Please enter numeric value',
    ]);
  });
});

describe('notes', () => {
  it('empty note cannot be saved', () => {
    expect(messagesOf(noteTextSchema.safeParse('   '))).toEqual([': Can not save empty note.']);
    expect(createNoteSchema.safeParse({ siteId: '1', note: 'Rack 3 fan' }).success).toBe(true);
  });

  it('notes are sorted by modTime, Descending by default', () => {
    expect(getNotesSchema.parse({ siteId: '1' })).toEqual({
      siteId: '1',
      sortBy: 'modTime',
      orderBy: 'desc',
    });
  });
});

describe('search', () => {
  it('auto-search starts at 3 characters', () => {
    expect(shouldAutoSearch('ab')).toBe(false);
    expect(shouldAutoSearch('abc')).toBe(true);
    expect(shouldAutoSearch('  ab  ')).toBe(false);
  });

  it('Enter searches with at least 1 character', () => {
    expect(canSubmitSearch('')).toBe(false);
    expect(canSubmitSearch('a')).toBe(true);
  });

  it('autosuggest needs 3 characters and search 1', () => {
    expect(searchQuerySchema.safeParse({ req: 'autosuggest', keyword: 'ab' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ req: 'search', keyword: 'a' }).success).toBe(true);
    expect(searchQuerySchema.safeParse({ req: 'search', keyword: ' ' }).success).toBe(false);
  });
});

import type { Location } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { patchLocation, replaceLastPageEntries } from './replace-last-page';

const loc = (id: string, name = id): Location => ({
  siteId: id,
  name,
  client: null,
  clientId: null,
  permLvl: 'owner',
  otltLock: false,
  watched: false,
  muted: false,
  primeContact: null,
  primeContactDetails: null,
});

describe('replaceLastPageEntries', () => {
  it('replaces the last 8 entries with the refreshed last page instead of appending it', () => {
    const loaded = Array.from({ length: 20 }, (_, i) => loc(`s${i}`));
    const fresh = Array.from({ length: 8 }, (_, i) => loc(`s${12 + i}`, `fresh ${12 + i}`));
    const result = replaceLastPageEntries(loaded, fresh);
    expect(result).toHaveLength(20);
    expect(result.slice(0, 12).map((l) => l.name)).toEqual(loaded.slice(0, 12).map((l) => l.name));
    expect(result.slice(12).map((l) => l.name)).toEqual(fresh.map((l) => l.name));
  });

  it('drops entries the refreshed page no longer has and never duplicates kept ones', () => {
    const loaded = Array.from({ length: 10 }, (_, i) => loc(`s${i}`));
    const fresh = [loc('s1'), loc('s3'), loc('s9')];
    const result = replaceLastPageEntries(loaded, fresh);
    expect(result.map((l) => l.siteId)).toEqual(['s0', 's1', 's3', 's9']);
  });
});

describe('patchLocation', () => {
  it('sets the watch or mute flag of one location only', () => {
    const result = patchLocation([loc('a'), loc('b')], 'b', { watched: true });
    expect(result.map((l) => l.watched)).toEqual([false, true]);
  });
});

import type { EventEntry, EventPage } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { withFreshPage } from './fresh-page';

const zone = { timezone: '-8.00', dst: true };

function entry(n: number, overrides: Partial<EventEntry> = {}): EventEntry {
  return {
    id: `cmd:${n}`,
    time: 1_720_000_000_000 + n * 1000,
    type: 'outlet',
    devClass: 'm4315',
    devId: 'AA0000000001',
    devName: 'Rack',
    parentDevId: null,
    outlet: 1,
    actor: { kind: 'user', id: 'u1', name: 'Olive Owner' },
    text: `Event ${n}`,
    result: 'done',
    detail: null,
    ...overrides,
  };
}

const page = (numbers: number[], next: string | null): EventPage => ({
  records: numbers.map((n) => entry(n)),
  next,
  zone,
});

const ids = (pages: EventPage[]) => pages.flatMap((p) => p.records.map((r) => r.id));

describe('withFreshPage', () => {
  const loaded = { pages: [page([5, 4, 3], 'n3'), page([2, 1], null)], pageParams: [null, 'n3'] };

  it('puts new entries at the top and keeps the older pages and their paging', () => {
    const merged = withFreshPage(loaded, page([7, 6, 5], 'n5'));
    expect(ids(merged.pages)).toEqual([
      'cmd:7',
      'cmd:6',
      'cmd:5',
      'cmd:4',
      'cmd:3',
      'cmd:2',
      'cmd:1',
    ]);
    expect(merged.pageParams).toEqual([null, 'n3']);
    expect(merged.pages[0]?.next).toBe('n3');
  });

  it('takes the fresh version of an entry already loaded', () => {
    const fresh: EventPage = {
      records: [entry(5), entry(4, { result: 'failed', detail: 'Outlet is locked' })],
      next: 'n4',
      zone,
    };
    const merged = withFreshPage(loaded, fresh);
    expect(merged.pages[0]?.records[1]).toMatchObject({
      result: 'failed',
      detail: 'Outlet is locked',
    });
  });

  it('starts again from the fresh page when none of it is loaded', () => {
    const fresh = page([99, 98], 'n98');
    expect(withFreshPage(loaded, fresh)).toEqual({ pages: [fresh], pageParams: [null] });
  });

  it('is the fresh page alone when nothing was loaded', () => {
    const fresh = page([1], null);
    expect(withFreshPage(undefined, fresh)).toEqual({ pages: [fresh], pageParams: [null] });
  });
});

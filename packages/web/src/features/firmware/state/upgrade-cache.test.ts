import { describe, expect, it } from 'vitest';
import { buildRow, buildUpgrade, upgradesOf } from '../test/builders';
import { freshRow, rowWithUpgrade, upgradesWith } from './upgrade-cache';

describe('firmware upgrades in the cache', () => {
  it('moves a device’s upgrade forward and never back', () => {
    const row = buildRow({ upgrade: buildUpgrade('verifying') });
    expect(rowWithUpgrade(row, buildUpgrade('installing')).upgrade?.phase).toBe('installing');
    expect(rowWithUpgrade(row, buildUpgrade('downloading'))).toBe(row);
    const failed = buildRow({ upgrade: buildUpgrade('failed') });
    expect(rowWithUpgrade(failed, buildUpgrade('downloading'))).toBe(failed);
    // An end is taken from any phase, however few steps it lists.
    const failedEarly = buildUpgrade('failed', { failedIn: 'queued' });
    expect(rowWithUpgrade(row, failedEarly).upgrade?.phase).toBe('failed');
  });

  it('shows the new version once the upgrade is done', () => {
    const row = rowWithUpgrade(
      buildRow({ upgrade: buildUpgrade('rebooting') }),
      buildUpgrade('done'),
    );
    expect(row).toMatchObject({ fwVer: '4.0.2', updateAvailable: false });
  });

  it('takes a newer upgrade of the device over an older one, and ignores other devices', () => {
    const row = buildRow({ upgrade: buildUpgrade('failed') });
    const again = buildUpgrade('queued', { id: 'up-2', queuedAt: 1_770_000_000_000 });
    expect(rowWithUpgrade(row, again).upgrade?.id).toBe('up-2');
    expect(rowWithUpgrade(row, buildUpgrade('queued', { devId: 'OTHER', id: 'x' }))).toBe(row);
  });

  it('keeps a pushed state over a read that left before it', () => {
    const cached = buildRow({ upgrade: buildUpgrade('installing') });
    const fresh = buildRow({ upgrade: buildUpgrade('downloading') });
    expect(freshRow(fresh, cached).upgrade?.phase).toBe('installing');
  });

  it('adds a batch’s upgrades in order and counts them', () => {
    const batch = { batchId: 'b1' };
    const a = buildUpgrade('queued', { id: 'a', batchId: 'b1' });
    const b = buildUpgrade('queued', { id: 'b', batchId: 'b1', devId: 'B' });
    let list = upgradesWith(upgradesWith(upgradesOf([]), batch, a), batch, b);
    list = upgradesWith(list, batch, { ...buildUpgrade('done', { id: 'a', batchId: 'b1' }) });
    list = upgradesWith(list, batch, buildUpgrade('queued', { id: 'c', batchId: 'other' }));
    expect(list.upgrades.map((u) => `${u.id}:${u.phase}`)).toEqual(['a:done', 'b:queued']);
    expect(list.summary).toMatchObject({ total: 2, done: 1, queued: 1 });
  });
});

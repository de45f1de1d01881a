import type { EditOutlets } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import type { DeviceTarget } from './device-access';
import type { DeviceRow, OutletRow } from './devices.repository';
import { LOCKS_FROZEN, applyOutletEdits } from './outlet-edits';

const row = (devId: string, devClass: string): DeviceRow => ({
  devId,
  siteId: 'site',
  devClass,
  devName: 'Rack',
  fwVer: null,
  parentDevId: null,
  info: {},
  status: {},
  lastContact: null,
  sysTime: null,
  online: false,
});
const target = (devId: string, devClass: string): DeviceTarget => ({
  row: row(devId, devClass),
  parent: null,
  siteId: 'site',
  permLvl: 'ADMIN',
  address: { devId },
});
const stored: OutletRow = {
  devId: 'A1A1A1',
  otltId: 1,
  name1: 'Amp',
  name2: 'DSP',
  name3: null,
  locked: false,
};
const edit = (devClass: 'kf1500' | 'm4315', info: EditOutlets['outlets'][number]['info']) => ({
  siteId: 'site',
  devId: 'A1A1A1',
  devClass,
  outlets: [{ devId: 'A1A1A1', devClass, info }],
});

describe('outlet edits', () => {
  it('sets each label of a bank and the lock, keeping labels not sent', () => {
    const changes = applyOutletEdits(
      edit('kf1500', [
        { otltId: 1, lblId: 3, name: 'Switch', state: 1 },
        { otltId: 1, lblId: 1, name: 'Projector', state: 1 },
      ]),
      [target('A1A1A1', 'kf1500')],
      [stored],
      false,
    );
    expect(changes.rows).toEqual([
      { ...stored, name1: 'Projector', name3: 'Switch', locked: true },
    ]);
    expect(changes.byDevice.get('A1A1A1')).toEqual([
      { otltId: 1, name1: 'Projector', name2: 'DSP', name3: 'Switch', locked: true },
    ]);
  });

  it('refuses outlets and labels the class does not have', () => {
    const m4315 = [target('A1A1A1', 'm4315')];
    expect(() =>
      applyOutletEdits(
        edit('m4315', [{ otltId: 9, lblId: 1, name: 'x', state: 0 }]),
        m4315,
        [],
        false,
      ),
    ).toThrow(/Outlet 9 does not exist/);
    expect(() =>
      applyOutletEdits(
        edit('m4315', [{ otltId: 1, lblId: 2, name: 'x', state: 0 }]),
        m4315,
        [],
        false,
      ),
    ).toThrow(/has no label 2/);
  });

  it('at a locked location, names may change but locks may not', () => {
    const kf = [target('A1A1A1', 'kf1500')];
    const rename = edit('kf1500', [{ otltId: 1, lblId: 1, name: 'TV', state: 0 }]);
    expect(applyOutletEdits(rename, kf, [stored], true).rows[0]?.name1).toBe('TV');
    const lock = edit('kf1500', [{ otltId: 1, lblId: 1, name: 'TV', state: 1 }]);
    expect(() => applyOutletEdits(lock, kf, [stored], true)).toThrow(LOCKS_FROZEN);
  });
});

import { type EditOutlets, type OutletInfo, getDeviceSpec } from '@powerdeck/domain';
import { badRequest, conflict } from '../../http/errors';
import type { DeviceTarget } from './device-access';
import { devClassOf } from './device-views';
import type { OutletRow } from './devices.repository';

export const LOCKS_FROZEN = 'Outlet locks cannot be changed while the location is locked.';

export interface OutletChanges {
  rows: OutletRow[];
  /** Per device, its changed outlets in the device protocol's shape (setOutletInfo). */
  byDevice: Map<string, OutletInfo[]>;
}

/**
 * Applies an edit-outlets payload (spec §3: per label otltId, lblId 1-3, name, state 1 locked) to
 * the stored outlets. Refuses outlets or labels the class does not have (400) and lock changes at
 * a locked location (409, spec §5: the lock boxes are disabled there).
 */
export function applyOutletEdits(
  edit: EditOutlets,
  targets: readonly DeviceTarget[],
  existing: readonly OutletRow[],
  locationLocked: boolean,
): OutletChanges {
  const rows: OutletRow[] = [];
  const byDevice = new Map<string, OutletInfo[]>();
  edit.outlets.forEach((entry, i) => {
    const target = targets[i];
    if (!target) return;
    const devId = target.row.devId;
    const spec = getDeviceSpec(devClassOf(target.row));
    const changed = new Map<number, OutletRow>();
    for (const label of entry.info) {
      if (label.otltId > spec.outletCount) {
        throw badRequest(`Outlet ${label.otltId} does not exist on ${devId}.`);
      }
      if (label.lblId > spec.bankLabelCount) {
        throw badRequest(`Outlet ${label.otltId} has no label ${label.lblId}.`);
      }
      const stored = existing.find((o) => o.devId === devId && o.otltId === label.otltId);
      const row = changed.get(label.otltId) ??
        (stored ? { ...stored } : undefined) ?? {
          devId,
          otltId: label.otltId,
          name1: '',
          name2: null,
          name3: null,
          locked: false,
        };
      if (label.lblId === 1) row.name1 = label.name;
      else if (label.lblId === 2) row.name2 = label.name;
      else row.name3 = label.name;
      row.locked = label.state === 1;
      if (locationLocked && row.locked !== (stored?.locked ?? false)) throw conflict(LOCKS_FROZEN);
      changed.set(label.otltId, row);
    }
    rows.push(...changed.values());
    byDevice.set(
      devId,
      [...changed.values()].map((r) => ({
        otltId: r.otltId,
        name1: r.name1,
        ...(r.name2 === null ? {} : { name2: r.name2 }),
        ...(r.name3 === null ? {} : { name3: r.name3 }),
        locked: r.locked,
      })),
    );
  });
  return { rows, byDevice };
}

import {
  FIRMWARE_END_PHASES,
  summarizeUpgrades,
  type DeviceFirmwareRow,
  type FirmwareUpgrade,
  type FirmwareUpgrades,
} from '@powerdeck/domain';

/**
 * How a pushed or fetched upgrade goes into what the screens already hold (pure, so the order
 * pushes and reads arrive in cannot move an upgrade back: a read that left before a push arrived
 * must not undo it).
 */

export function hasEnded(upgrade: FirmwareUpgrade): boolean {
  return FIRMWARE_END_PHASES.includes(upgrade.phase);
}

/** Whether `next` is the same upgrade as `current` or a later state of it (never an earlier one). */
function isLaterState(next: FirmwareUpgrade, current: FirmwareUpgrade): boolean {
  if (hasEnded(current)) return hasEnded(next) && next.steps.length >= current.steps.length;
  if (hasEnded(next)) return true;
  if (next.steps.length !== current.steps.length) return next.steps.length > current.steps.length;
  return next.progress >= current.progress;
}

function isSameState(a: FirmwareUpgrade, b: FirmwareUpgrade): boolean {
  return (
    a.phase === b.phase &&
    a.steps.length === b.steps.length &&
    a.bytesSent === b.bytesSent &&
    a.progress === b.progress &&
    a.reason === b.reason
  );
}

/** A device's latest upgrade once `next` is known: a later state of it, or a newer upgrade. */
function latestOf(current: FirmwareUpgrade | null, next: FirmwareUpgrade): FirmwareUpgrade | null {
  if (current === null) return next;
  if (current.id === next.id) {
    return isLaterState(next, current) && !isSameState(next, current) ? next : current;
  }
  return next.queuedAt >= current.queuedAt ? next : current;
}

/**
 * A device's firmware row with `upgrade` known: its latest upgrade follows, and once an upgrade is
 * done the device runs its version (the server's own read follows; this shows it at once).
 */
export function rowWithUpgrade<R extends DeviceFirmwareRow>(row: R, upgrade: FirmwareUpgrade): R {
  if (row.devId !== upgrade.devId) return row;
  const latest = latestOf(row.upgrade, upgrade);
  if (latest === row.upgrade) return row;
  if (latest?.phase !== 'done') return { ...row, upgrade: latest };
  return {
    ...row,
    upgrade: latest,
    fwVer: latest.toVersion,
    updateAvailable: row.updateAvailable && latest.toVersion !== row.latestVersion,
  };
}

/** Which upgrades a list holds: one batch's, one device's (newest first), or each device's latest. */
export interface UpgradesFilter {
  batchId?: string;
  devId?: string;
}

/** A list of upgrades with `upgrade` in it where it belongs (its summary counted again). */
export function upgradesWith(
  list: FirmwareUpgrades,
  filter: UpgradesFilter,
  upgrade: FirmwareUpgrade,
): FirmwareUpgrades {
  if (filter.batchId !== undefined && upgrade.batchId !== filter.batchId) return list;
  if (filter.devId !== undefined && upgrade.devId !== filter.devId) return list;
  const perDevice = filter.batchId === undefined && filter.devId === undefined;
  const index = list.upgrades.findIndex((u) =>
    perDevice ? u.devId === upgrade.devId : u.id === upgrade.id,
  );
  let upgrades: FirmwareUpgrade[];
  if (index === -1) {
    // One device's list is newest first; a batch keeps the order it started in.
    upgrades =
      filter.devId === undefined ? [...list.upgrades, upgrade] : [upgrade, ...list.upgrades];
  } else {
    const current = list.upgrades[index] as FirmwareUpgrade;
    const latest = latestOf(current, upgrade);
    if (latest === current) return list;
    upgrades = list.upgrades.map((u, i) => (i === index ? upgrade : u));
  }
  return { ...list, upgrades, summary: summarizeUpgrades(upgrades) };
}

/**
 * A fresh read with what the cache already knew of the same upgrades laid over it: a push that
 * arrived while the read was on its way is not undone by it.
 */
export function freshRow<R extends DeviceFirmwareRow>(fresh: R, cached: R | undefined): R {
  return cached?.upgrade ? rowWithUpgrade(fresh, cached.upgrade) : fresh;
}

export function freshUpgrades(
  fresh: FirmwareUpgrades,
  cached: FirmwareUpgrades | undefined,
  filter: UpgradesFilter,
): FirmwareUpgrades {
  const ids = new Set(fresh.upgrades.map((u) => u.id));
  return (cached?.upgrades ?? [])
    .filter((u) => ids.has(u.id))
    .reduce((list, upgrade) => upgradesWith(list, filter, upgrade), fresh);
}

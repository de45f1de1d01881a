import {
  summarizeUpgrades,
  type DeviceFirmware,
  type DeviceFirmwareRow,
  type FirmwareImage,
  type FirmwarePhase,
  type FirmwareUpgrade,
  type FirmwareUpgrades,
} from '@powerdeck/domain';

/** Test-data builders for the firmware screens. */

export const SITE = 'S1';
export const RACK = 'AA0000000001';

const RELEASES = [
  ['4.0.2', '2025-05-14', 'Signed images; steadier reconnects to the broker.'],
  ['3.1.0', '2024-02-20', 'Sequence groups with per-outlet power-on delays.'],
  ['2.4.1', '2022-06-01', 'Named cycle groups; faster status reports.'],
  ['1.0.0', '2019-03-12', 'First release.'],
] as const;

export function buildImages(): FirmwareImage[] {
  return RELEASES.map(([version, released, releaseNotes]) => ({
    devClass: 'm4315',
    version,
    released,
    releaseNotes,
    sha256: '0'.repeat(64),
    size: 147_456,
  }));
}

export function buildRow(overrides: Partial<DeviceFirmwareRow> = {}): DeviceFirmwareRow {
  return {
    devId: RACK,
    devClass: 'm4315',
    devName: 'Rack M4315',
    fwVer: '2.0.0',
    parentDevId: null,
    latestVersion: '4.0.2',
    updateAvailable: true,
    upgrade: null,
    ...overrides,
  };
}

export function buildDeviceFirmware(overrides: Partial<DeviceFirmware> = {}): DeviceFirmware {
  return { ...buildRow(), images: buildImages(), connected: true, ...overrides };
}

/** Each phase's progress as the server counts it (the download is the first 80). */
const PROGRESS: Record<FirmwarePhase, number> = {
  queued: 0,
  downloading: 40,
  verifying: 85,
  installing: 90,
  rebooting: 95,
  done: 100,
  failed: 0,
};

const ORDER: FirmwarePhase[] = ['queued', 'downloading', 'verifying', 'installing', 'rebooting'];

/**
 * An upgrade that has come to `phase` through every phase before it (a failed one through
 * `failedIn` and those before it).
 */
export function buildUpgrade(
  phase: FirmwarePhase,
  overrides: Partial<FirmwareUpgrade> & { failedIn?: FirmwarePhase } = {},
): FirmwareUpgrade {
  const { failedIn = 'downloading', ...rest } = overrides;
  const last = phase === 'failed' ? failedIn : phase;
  const entered =
    last === 'done' ? [...ORDER, 'done' as const] : ORDER.slice(0, ORDER.indexOf(last) + 1);
  const phases: FirmwarePhase[] = phase === 'failed' ? [...entered, 'failed'] : entered;
  const size = 147_456;
  return {
    id: 'up-1',
    batchId: null,
    siteId: SITE,
    devId: RACK,
    parentDevId: null,
    devClass: 'm4315',
    devName: 'Rack M4315',
    fromVersion: '2.0.0',
    toVersion: '4.0.2',
    phase,
    progress: phase === 'failed' ? PROGRESS[failedIn] : PROGRESS[phase],
    bytesSent: phase === 'queued' ? 0 : phase === 'downloading' ? size / 2 : size,
    size,
    reason: phase === 'failed' ? 'corruptedImage' : null,
    steps: phases.map((p, i) => ({ phase: p, at: 1_760_000_000_000 + i * 1000 })),
    startedBy: 'Olive Owner',
    queuedAt: 1_760_000_000_000,
    endedAt: phase === 'done' || phase === 'failed' ? 1_760_000_060_000 : null,
    ...rest,
  };
}

export function upgradesOf(upgrades: FirmwareUpgrade[], concurrencyLimit = 2): FirmwareUpgrades {
  return { upgrades, summary: summarizeUpgrades(upgrades), concurrencyLimit };
}

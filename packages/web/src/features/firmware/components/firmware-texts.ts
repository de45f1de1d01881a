import {
  firmwareErrorText,
  FIRMWARE_PHASES,
  type FirmwarePhase,
  type FirmwareUpgrade,
} from '@powerdeck/domain';

/** The words of the firmware screens (issue 14); the failure reasons are the spec's (§8). */

export const PHASE_LABELS: Readonly<Record<FirmwarePhase, string>> = {
  queued: 'Queued',
  downloading: 'Downloading',
  verifying: 'Verifying',
  installing: 'Installing',
  rebooting: 'Rebooting',
  done: 'Done',
  failed: 'Failed',
};

/** The phases an upgrade goes through when it succeeds, in order. */
export const SUCCESS_PHASES = FIRMWARE_PHASES.filter((phase) => phase !== 'failed');

export const firmwareTexts = {
  clientDisabled: 'Update Firmware is not available at your permission level.',
  upToDate: 'This device runs the latest firmware.',
  unknownVersion: 'The firmware version of this device is not known yet.',
  noImages: 'No firmware is available for this device.',
  underWay: 'An upgrade of this device is under way.',
  noHistory: 'No firmware upgrades of this device yet.',
  noUpdates: 'Every device of this location runs the latest firmware.',
  queuedHint: 'Waiting for its turn',
  limit: (n: number) =>
    `At most ${n} device${n === 1 ? '' : 's'} upgrade at once so the site keeps power control.`,
} as const;

/** "Failed: Corrupted image" — a failed upgrade's reason in the spec's words. */
export function failureText(upgrade: FirmwareUpgrade): string {
  return upgrade.reason === null
    ? PHASE_LABELS.failed
    : `${PHASE_LABELS.failed}: ${firmwareErrorText(upgrade.reason)}`;
}

function kilobytes(bytes: number): string {
  return `${Math.round(bytes / 1024)} KB`;
}

/** How far the image has travelled: "72 of 144 KB". */
export function bytesText(upgrade: FirmwareUpgrade): string {
  return `${kilobytes(upgrade.bytesSent).replace(' KB', '')} of ${kilobytes(upgrade.size)}`;
}

/** One line for where an upgrade stands: its phase, the download's bytes, or why it failed. */
export function upgradeStateText(upgrade: FirmwareUpgrade): string {
  if (upgrade.phase === 'failed') return failureText(upgrade);
  if (upgrade.phase === 'downloading') return `${PHASE_LABELS.downloading} · ${bytesText(upgrade)}`;
  return PHASE_LABELS[upgrade.phase];
}

/** "2.4.1 → 4.0.2" (an unknown version as "unknown"). */
export function versionsText(from: string | null, to: string | null): string {
  return `${from ?? 'unknown'} → ${to ?? 'unknown'}`;
}

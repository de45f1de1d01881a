import { z } from 'zod';
import { deviceClassSchema } from '../catalog/device-class';

/**
 * Firmware (issue 14; spec §4 "Firmware upgrade … phases with error reasons", §7
 * `firmwareUpgrade svc=getDevicesFirmwareInfo`, §8 Firmware error reasons). docs/api/firmware.md.
 */

/**
 * The phases of one upgrade, in order: waiting for a turn (the per-location limit), the image
 * travelling to the device, the device checking it, writing it, rebooting into it; then done or
 * failed with a reason.
 */
export const FIRMWARE_PHASES = [
  'queued',
  'downloading',
  'verifying',
  'installing',
  'rebooting',
  'done',
  'failed',
] as const;
export const firmwarePhaseSchema = z.enum(FIRMWARE_PHASES);
export type FirmwarePhase = z.infer<typeof firmwarePhaseSchema>;

/** Phases after which nothing more happens. */
export const FIRMWARE_END_PHASES: readonly FirmwarePhase[] = ['done', 'failed'];

/** The spec's firmware error reasons (§8), as codes (device protocol and API) and shown words. */
export const FIRMWARE_ERROR_TEXTS = {
  lockedImage: 'Locked image',
  missingImage: 'Missing image',
  unknownImage: 'Unknown image',
  incorrectImage: 'Incorrect image',
  corruptedImage: 'Corrupted image',
  mismatchedImage: 'Mismatched image',
  missingDevice: 'Missing device',
  mismatchedDevice: 'Mismatched device',
  cannotStart: 'Cannot start',
  wrongUnitNumber: 'Wrong unit number',
  timedOut: 'Timed out',
  blocked: 'Blocked',
} as const;
export type FirmwareErrorReason = keyof typeof FIRMWARE_ERROR_TEXTS;
export const FIRMWARE_ERROR_REASONS = Object.keys(FIRMWARE_ERROR_TEXTS) as [
  FirmwareErrorReason,
  ...FirmwareErrorReason[],
];
export const firmwareErrorReasonSchema = z.enum(FIRMWARE_ERROR_REASONS);

/** The words a failed upgrade's reason is shown in (spec §8). */
export function firmwareErrorText(reason: FirmwareErrorReason): string {
  return FIRMWARE_ERROR_TEXTS[reason];
}

/** One firmware image of the server's catalogue for a device class. */
export const firmwareImageSchema = z.object({
  devClass: deviceClassSchema,
  version: z.string(),
  /** Release date, YYYY-MM-DD. */
  released: z.string(),
  releaseNotes: z.string(),
  /** SHA-256 of the image bytes, lower-case hex. */
  sha256: z.string(),
  /** Bytes. */
  size: z.number().int().positive(),
});
export type FirmwareImage = z.infer<typeof firmwareImageSchema>;

/** When an upgrade entered a phase (Unix ms). */
const firmwarePhaseStepSchema = z.object({ phase: firmwarePhaseSchema, at: z.number() });

/** One upgrade of one device: where it is, how far, and (failed) why. */
export const firmwareUpgradeSchema = z.object({
  /** The upgrade's id, also its command id in the audit log (device_commands). */
  id: z.string(),
  /** The location-wide Update Firmware that started it; null for a single device's. */
  batchId: z.string().nullable(),
  siteId: z.string(),
  devId: z.string(),
  /** The parent of a kid (its device path), else null. */
  parentDevId: z.string().nullable(),
  devClass: deviceClassSchema,
  devName: z.string(),
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
  phase: firmwarePhaseSchema,
  /** 0-100 over the whole upgrade (the download is most of it); 100 when done. */
  progress: z.number().min(0).max(100),
  /** Image bytes the device has acknowledged, of `size`. */
  bytesSent: z.number().int().nonnegative(),
  size: z.number().int().positive(),
  /** Set when failed: the spec's reason (`firmwareErrorText` gives its words). */
  reason: firmwareErrorReasonSchema.nullable(),
  /** Every phase entered so far, in order. */
  steps: z.array(firmwarePhaseStepSchema),
  /** Who started it (a user's name; null when unknown). */
  startedBy: z.string().nullable(),
  queuedAt: z.number(),
  /** When it ended (done or failed), Unix ms. */
  endedAt: z.number().nullable(),
});
export type FirmwareUpgrade = z.infer<typeof firmwareUpgradeSchema>;

/** A device's firmware as the location's list shows it. */
export const deviceFirmwareRowSchema = z.object({
  devId: z.string(),
  devClass: deviceClassSchema,
  devName: z.string(),
  fwVer: z.string().nullable(),
  parentDevId: z.string().nullable(),
  /** The newest image of its class; null when the catalogue has none for it. */
  latestVersion: z.string().nullable(),
  /** A newer image than `fwVer` exists (a device whose version is unknown has none). */
  updateAvailable: z.boolean(),
  /** Its latest upgrade, under way or ended; null when it never had one. */
  upgrade: firmwareUpgradeSchema.nullable(),
});
export type DeviceFirmwareRow = z.infer<typeof deviceFirmwareRowSchema>;

/** `firmwareUpgrade svc=getDevicesFirmwareInfo` (spec §7): every device of a location. */
export const devicesFirmwareInfoSchema = z.object({
  records: z.array(deviceFirmwareRowSchema),
  /** At most this many devices of one location upgrade at once (the others wait, queued). */
  concurrencyLimit: z.number().int().positive(),
});
export type DevicesFirmwareInfo = z.infer<typeof devicesFirmwareInfoSchema>;

/** One device's firmware (Manage Firmware): the row, and every image of its class. */
export const deviceFirmwareSchema = deviceFirmwareRowSchema.extend({
  /** The catalogue for its class, newest first. */
  images: z.array(firmwareImageSchema),
  connected: z.boolean(),
});
export type DeviceFirmware = z.infer<typeof deviceFirmwareSchema>;

/** What a location-wide Update Firmware started: one upgrade per device that had an update. */
export const firmwareBatchSchema = z.object({
  /** Null when no device of the location had an update (nothing started). */
  batchId: z.string().nullable(),
  upgrades: z.array(firmwareUpgradeSchema),
  concurrencyLimit: z.number().int().positive(),
});
export type FirmwareBatch = z.infer<typeof firmwareBatchSchema>;

/** Counts of a set of upgrades by how they stand. */
export const firmwareSummarySchema = z.object({
  total: z.number().int().nonnegative(),
  queued: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type FirmwareSummary = z.infer<typeof firmwareSummarySchema>;

/** `getFirmwareUpgrades`: upgrades at a location (of one batch, or one device), and a summary. */
export const firmwareUpgradesSchema = z.object({
  upgrades: z.array(firmwareUpgradeSchema),
  summary: firmwareSummarySchema,
  concurrencyLimit: z.number().int().positive(),
});
export type FirmwareUpgrades = z.infer<typeof firmwareUpgradesSchema>;

/** What the firmware stream pushes: an upgrade that changed (phase or progress), whole. */
export const firmwarePushSchema = z.object({
  type: z.literal('upgrade'),
  upgrade: firmwareUpgradeSchema,
});
export type FirmwarePush = z.infer<typeof firmwarePushSchema>;

/** The counts of a set of upgrades. */
export function summarizeUpgrades(upgrades: readonly FirmwareUpgrade[]): FirmwareSummary {
  const summary = { total: upgrades.length, queued: 0, running: 0, done: 0, failed: 0 };
  for (const u of upgrades) {
    if (u.phase === 'queued') summary.queued += 1;
    else if (u.phase === 'done') summary.done += 1;
    else if (u.phase === 'failed') summary.failed += 1;
    else summary.running += 1;
  }
  return summary;
}

import { z } from 'zod';

/**
 * The `firmware` command (issue 14; docs/device-protocol.md "Firmware"): an image travels to a
 * device (or kid) in steps, each its own command id acknowledged by the device — `begin` (what
 * comes), one `chunk` per slice of the image in order, `commit` (the device checks the SHA-256 of
 * what it received, then installs and reboots into it), `query` (where the device stands) and
 * `abort`. The device reports its phases as `firmware` events.
 */

/** Image bytes per chunk: 16 KiB, about 21.4 KiB as base64, far under the broker's 64 KiB packets. */
export const FIRMWARE_CHUNK_BYTES = 16 * 1024;
/** Largest image a device accepts. */
export const FIRMWARE_MAX_IMAGE_BYTES = 8 * 1024 * 1024;

const upgradeId = z.string().min(1).max(64);
const base64Chunk = z
  .string()
  .max(Math.ceil(FIRMWARE_CHUNK_BYTES / 3) * 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/);

export const firmwareArgsSchema = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('begin'),
    upgradeId,
    /** The version the image holds, and the class it is built for. */
    version: z.string().min(1).max(32),
    devClass: z.string().min(1).max(32),
    size: z.number().int().positive().max(FIRMWARE_MAX_IMAGE_BYTES),
    /** SHA-256 of the whole image, lower-case hex. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    chunkBytes: z.number().int().positive().max(FIRMWARE_CHUNK_BYTES),
  }),
  z.object({
    step: z.literal('chunk'),
    upgradeId,
    /** 0-based; chunks come in order, each at `seq * chunkBytes`. */
    seq: z.number().int().nonnegative(),
    data: base64Chunk,
  }),
  z.object({ step: z.literal('commit'), upgradeId }),
  z.object({ step: z.literal('query'), upgradeId }),
  z.object({ step: z.literal('abort'), upgradeId }),
]);
export type FirmwareArgs = z.infer<typeof firmwareArgsSchema>;

/** Where a device stands in an upgrade (a `query` ack's `result.phase`, and its events). */
export const DEVICE_FIRMWARE_PHASES = [
  'idle',
  'downloading',
  'verifying',
  'installing',
  'rebooting',
  'done',
  'failed',
] as const;
export const deviceFirmwarePhaseSchema = z.enum(DEVICE_FIRMWARE_PHASES);
export type DeviceFirmwarePhase = z.infer<typeof deviceFirmwarePhaseSchema>;

/** A `query` ack's result: the device's phase for that upgrade, its running version, the reason. */
export const firmwareQueryResultSchema = z.object({
  phase: deviceFirmwarePhaseSchema,
  fwVer: z.string(),
  reason: z.string().optional(),
  /** Bytes received so far. */
  received: z.number().int().nonnegative().optional(),
});
export type FirmwareQueryResult = z.infer<typeof firmwareQueryResultSchema>;

/** The value of a `firmware` event for a failure: `failed:<reason code>`. */
export const FIRMWARE_FAILED_PREFIX = 'failed:';

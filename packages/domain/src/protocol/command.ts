import { z } from 'zod';
import { firmwareArgsSchema } from './firmware';
import { discoverArgsSchema, pingConfigArgsSchema } from './network';

const NAME_MAX = 40;

const otlt = z.number().int().min(1).max(12);
const binaryState = z.union([z.literal(0), z.literal(1)]);
const label = z.string().max(NAME_MAX, `Maximum length allowed is ${NAME_MAX}`);

export const setOutletArgsSchema = z.object({ otlt, state: binaryState });
export const cycleOutletArgsSchema = z.object({ otlt });
export const sequenceArgsSchema = z.object({ state: binaryState });
export const cycleGroupArgsSchema = z.object({ otlts: z.array(otlt).min(1).max(12).optional() });
export const noArgsSchema = z.object({});
export const renameArgsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Device Name cannot be empty')
    .max(NAME_MAX, `Maximum length allowed is ${NAME_MAX}`),
});
/** Spec §9: 900 s (300 s for cv2/cv3); capped at an hour. */
export const autoStatusUpdateArgsSchema = z.object({
  duration: z.number().int().min(1).max(3600),
});
export const setOutletInfoArgsSchema = z.object({
  outlets: z
    .array(
      z.object({
        otltId: otlt,
        name1: label,
        name2: label.optional(),
        name3: label.optional(),
        locked: z.boolean(),
      }),
    )
    .min(1)
    .max(12),
});
/** Device settings: an empty object reads them; keys write them (values are scalars). */
export const settingsArgsSchema = z.object({
  values: z.record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean()])),
});

/**
 * A secret of the device's own, issued by the cloud (docs/device-protocol.md, "Credentials"): 32
 * random bytes, base64url without padding. The device keeps it in flash and connects with it.
 */
export const credentialsArgsSchema = z.object({
  secret: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a 256-bit secret, base64url'),
});

const commandBase = {
  /** Unique per command; the device executes an id at most once. */
  id: z.string().min(1).max(64),
  /** Unix time in milliseconds after which the device must not execute the command. */
  expires: z.number().int().positive(),
};

function command<S extends string, A extends z.ZodType>(svc: S, args: A) {
  return z.object({ ...commandBase, svc: z.literal(svc), args });
}

export const deviceCommandSchema = z.discriminatedUnion('svc', [
  command('setOutlet', setOutletArgsSchema),
  command('cycleOutlet', cycleOutletArgsSchema),
  command('sequence', sequenceArgsSchema),
  command('cycleGroup', cycleGroupArgsSchema),
  command('reboot', noArgsSchema),
  command('rename', renameArgsSchema),
  command('findMe', noArgsSchema),
  command('autoStatusUpdate', autoStatusUpdateArgsSchema),
  command('setOutletInfo', setOutletInfoArgsSchema),
  command('settings', settingsArgsSchema.partial()),
  // firmware upgrade steps (protocol/firmware.ts)
  command('firmware', firmwareArgsSchema),
  // auto-ping targets and discovery of attached units (protocol/network.ts)
  command('pingConfig', pingConfigArgsSchema),
  command('discover', discoverArgsSchema),
  // a secret of the device's own, replacing the claim key it connected with (or an older secret)
  command('credentials', credentialsArgsSchema),
]);
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;
export type CommandSvc = DeviceCommand['svc'];
export type CommandOf<S extends CommandSvc> = Extract<DeviceCommand, { svc: S }>;
export type CommandArgs<S extends CommandSvc> = CommandOf<S>['args'];

export const COMMAND_SVCS = deviceCommandSchema.options.map(
  (o) => o.shape.svc.value,
) as readonly CommandSvc[];

/** The envelope every command has, whatever its svc: enough to acknowledge a bad one. */
export const commandEnvelopeSchema = z.object({
  ...commandBase,
  svc: z.string(),
  args: z.unknown(),
});

/** Builds a command with an id and an expiry `ttlMs` from `nowMs`. */
export function buildCommand<S extends CommandSvc>(
  svc: S,
  args: CommandArgs<S>,
  opts: { id: string; nowMs: number; ttlMs: number },
): CommandOf<S> {
  return { id: opts.id, svc, args, expires: opts.nowMs + opts.ttlMs } as CommandOf<S>;
}

/** Default time a command may wait before the device must drop it. */
export const COMMAND_TTL_MS = 30_000;

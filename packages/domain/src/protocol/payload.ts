import { z } from 'zod';
import { ACK_ERRORS } from './ack';
import type { DeviceCommand } from './command';
import { COMMAND_SVCS, commandEnvelopeSchema, deviceCommandSchema } from './command';
import { onlinePayloadSchema } from './status';

export type PayloadResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Parses an MQTT payload (JSON text) with a protocol schema, never throwing. */
export function parsePayload<S extends z.ZodType>(
  schema: S,
  payload: string | Uint8Array,
): PayloadResult<z.infer<S>> {
  const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'payload is not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { ok: false, error: `${where}${issue?.message ?? 'invalid payload'}` };
}

/** Reads an `online` payload (plain `1` or `0`, not JSON); undefined for anything else. */
export function parseOnlinePayload(payload: string | Uint8Array): boolean | undefined {
  const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  const parsed = onlinePayloadSchema.safeParse(text.trim());
  return parsed.success ? parsed.data === '1' : undefined;
}

export type DecodedCommand =
  { ok: true; command: DeviceCommand } | { ok: false; id: string | undefined; error: string };

/**
 * Decodes a `cmd` payload the way a device must: a payload without a usable id cannot be
 * answered (id undefined); an unknown svc answers `unknown-svc`; bad args answer `invalid: …`.
 */
export function decodeCommand(payload: string | Uint8Array): DecodedCommand {
  const envelope = parsePayload(commandEnvelopeSchema, payload);
  if (!envelope.ok) {
    const raw = parsePayload(z.object({ id: z.string().min(1).max(64) }), payload);
    return {
      ok: false,
      id: raw.ok ? raw.value.id : undefined,
      error: `${ACK_ERRORS.invalid}: ${envelope.error}`,
    };
  }
  const { id, svc } = envelope.value;
  if (!(COMMAND_SVCS as readonly string[]).includes(svc)) {
    return { ok: false, id, error: ACK_ERRORS.unknownSvc };
  }
  const command = parsePayload(deviceCommandSchema, payload);
  if (!command.ok) return { ok: false, id, error: `${ACK_ERRORS.invalid}: ${command.error}` };
  return { ok: true, command: command.value };
}

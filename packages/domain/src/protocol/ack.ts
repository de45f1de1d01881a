import { z } from 'zod';

/** Error codes a device answers with; `error` may carry other text after a colon. */
export const ACK_ERRORS = {
  expired: 'expired',
  invalid: 'invalid',
  unknownSvc: 'unknown-svc',
  notSupported: 'not-supported',
  noSuchOutlet: 'no-such-outlet',
  noSuchKid: 'no-such-kid',
  locked: 'locked',
  busy: 'busy',
  inhibited: 'inhibited',
  alreadyInState: 'already-in-state',
  noSequenceGroup: 'no-sequence-group',
  sequenceFailed: 'sequence-failed',
  powerLost: 'power-lost',
  refused: 'refused',
  rebooting: 'rebooting',
} as const;

export const commandAckSchema = z.object({
  id: z.string().min(1).max(64),
  ok: z.boolean(),
  error: z.string().max(256).optional(),
  result: z.unknown().optional(),
});
export type CommandAck = z.infer<typeof commandAckSchema>;

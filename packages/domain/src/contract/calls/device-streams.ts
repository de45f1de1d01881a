import { z } from 'zod';
import { liveEventEnvelopeSchema, liveEventsPageSchema } from '../../api/devices';
import { type CallGroup, defineCall, defineStream } from '../call';
import { devIdField } from '../inputs';

/** A device (or one kid) whose events are followed; `batch=yes` is accepted (spec §7). */
const deviceEventsInput = z.object({
  devClass: z.string().optional(),
  devId: devIdField,
  batch: z.string().optional(),
});

/**
 * A device's live events (spec §7 eventPuller): the stream of server-sent events, and the polling
 * fallback the console uses while the stream is down (docs/api/devices.md "Live events").
 */
export const deviceStreams = {
  eventPullerPusher: defineStream({
    area: 'eventPuller',
    script: 'eventPullerPusher.php',
    input: deviceEventsInput.extend({
      lastEventId: z.coerce.number().int().nonnegative().optional(),
    }),
    output: liveEventEnvelopeSchema,
    access: 'user',
    rule: 'any level at the device’s location',
    summary:
      'The live events of a device and its kids, or of one kid (spec §7 eventPuller subscribe); ' +
      'resumes after Last-Event-ID from the last 256, or sends one resync.',
  }),
  getEvents: defineCall({
    area: 'eventPuller',
    svc: null,
    script: 'getEvents.php',
    methods: ['GET'],
    input: deviceEventsInput.extend({
      clientId: z.coerce
        .number({ message: 'clientId must be a timestamp in milliseconds' })
        .int()
        .nonnegative(),
    }),
    output: liveEventsPageSchema,
    access: 'user',
    rule: 'any level at the device’s location',
    summary:
      'The live events of a device after `clientId` (a time in ms; send back `timestamp`): the ' +
      'polling fallback of the stream (spec §7 eventPuller/getEvents.php).',
  }),
} satisfies CallGroup;

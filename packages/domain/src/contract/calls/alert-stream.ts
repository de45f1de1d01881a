import { z } from 'zod';
import { alertPushSchema } from '../../api/alert-live';
import { type CallGroup, defineStream } from '../call';

const lastEventIdMessage = 'Last-Event-ID must be an alert id';

/** The signed-in user's live alert stream (ours; docs/api/notes-groups-account-alerts.md). */
export const alertStream = {
  alertsPusher: defineStream({
    area: 'eventPuller',
    script: 'alertsPusher.php',
    input: z.object({
      lastEventId: z.coerce
        .number({ message: lastEventIdMessage })
        .int(lastEventIdMessage)
        .nonnegative(lastEventIdMessage)
        .optional(),
    }),
    output: alertPushSchema,
    access: 'user',
    rule: 'the caller’s own alerts',
    summary:
      'Every new alert raised for the caller, with the unread count after it; resumes after ' +
      'Last-Event-ID (an alert id), else starts with the next new alert.',
  }),
} satisfies CallGroup;

import { Badge, Text } from '@mantine/core';
import type { OutboxMessage } from '@powerdeck/domain';

/** What the badge reads of an e-mail: the outbox page's messages and System Status's alike. */
type Delivery = Pick<OutboxMessage, 'state' | 'attempts' | 'lastError'>;

const LOOK = {
  queued: { label: 'Queued', color: 'gray' },
  sent: { label: 'Sent', color: 'green' },
  retrying: { label: 'Retrying', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
} as const;

const attemptsText = (n: number) => `${n} failed attempt${n === 1 ? '' : 's'}`;

/** Where an e-mail's delivery stands; a retrying or failed one says how often and why. */
export function DeliveryBadge({ message }: { message: Delivery }) {
  const look = LOOK[message.state];
  const troubled = message.state === 'retrying' || message.state === 'failed';
  return (
    <>
      <Badge color={look.color} variant="light" size="sm">
        {look.label}
        {troubled && message.attempts > 0 ? ` (${attemptsText(message.attempts)})` : ''}
      </Badge>
      {troubled && message.lastError && (
        <Text size="xs" c={message.state === 'failed' ? 'red.8' : 'dimmed'}>
          Last error: {message.lastError}
        </Text>
      )}
    </>
  );
}

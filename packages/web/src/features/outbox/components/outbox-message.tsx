import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { OutboxMessage as Message } from '@powerdeck/domain';
import { linkify } from './linkify';

/** One sent e-mail; its text is rendered as text (React escapes it), links rebuilt by linkify. */
export function OutboxMessage({ message }: { message: Message }) {
  const parts = linkify(message.text, window.location.origin);
  return (
    <Paper withBorder radius="md" p="md" component="article">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} component="h2" size="md" m={0}>
            {message.subject}
          </Text>
          <Text size="xs" c="dimmed">
            {dayjs(message.sentAt).format('MMM/DD/YYYY hh:mm:ss A')}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          To: {message.to}
        </Text>
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {parts.map((part, index) =>
            part.kind === 'link' ? (
              <Anchor key={index} component={Link} to={part.to}>
                {part.text}
              </Anchor>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </Text>
      </Stack>
    </Paper>
  );
}

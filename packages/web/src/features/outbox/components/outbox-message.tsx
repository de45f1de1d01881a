import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OutboxMessage as Message } from '@powerdeck/domain';
import { DeliveryBadge } from '../../../components/delivery-badge';
import { linkify } from './linkify';

/**
 * One e-mail with its delivery state. Its text is rendered as text (React escapes it), links
 * rebuilt by linkify; its HTML version only ever inside a sandboxed frame (no script, no forms,
 * a document of its own), never in the console's page.
 */
export function OutboxMessage({ message }: { message: Message }) {
  const parts = linkify(message.text, window.location.origin);
  const [showHtml, setShowHtml] = useState(false);
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
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            To: {message.to}
          </Text>
          <DeliveryBadge message={message} />
        </Group>
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
        {message.html !== null && (
          <>
            <Button
              variant="subtle"
              size="compact-sm"
              w="fit-content"
              aria-expanded={showHtml}
              onClick={() => setShowHtml((shown) => !shown)}
            >
              {showHtml ? 'Hide the HTML version' : 'Show the HTML version'}
            </Button>
            {showHtml && (
              <iframe
                title={`HTML version of ${message.subject}`}
                sandbox=""
                srcDoc={message.html}
                style={{
                  width: '100%',
                  height: 420,
                  border: '1px solid var(--mantine-color-default-border)',
                }}
              />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

import { Alert, Button, Group, Text } from '@mantine/core';
import { messages } from '@powerdeck/domain';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Error banner of spec §2: the message plus 'Try Again'. */
export function ErrorBanner({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {messages.tryAgain}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

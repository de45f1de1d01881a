import { Box, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../lib/api';
import { usePublicConfig } from '../../lib/public-config';

/**
 * Feedback before switching to the classic interface. The spec leaves this call's path unshown;
 * like its other feedback call it counts as failed unless the answer is `true`.
 */
async function sendClassicUiFeedback(feedback: string): Promise<boolean> {
  try {
    const answer = await api.account.classicUiFeedback({
      feedback: JSON.stringify({ reason: feedback }),
    });
    // answers are checked only in development and tests
    return answer === true;
  } catch {
    return false;
  }
}

/** Shown only when configuration gives a classic-UI address (spec §1). */
export function ClassicUiLink() {
  const { data } = usePublicConfig();
  const [opened, { open, close }] = useDisclosure(false);
  const [feedback, setFeedback] = useState('');
  const [sending, setSending] = useState(false);
  const url = data?.classicUiUrl;
  if (!url) return null;

  const handleSwitch = async () => {
    setSending(true);
    if (feedback.trim() !== '' && !(await sendClassicUiFeedback(feedback.trim()))) {
      notifications.show({ color: 'red', message: 'Your feedback could not be sent.' });
    }
    window.location.assign(url);
  };

  return (
    <Box p="xs">
      <Button
        variant="subtle"
        fullWidth
        justify="flex-start"
        leftSection={<IconExternalLink size={16} aria-hidden />}
        onClick={open}
      >
        Switch to classic interface
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Switch to the classic interface"
        closeOnClickOutside={false}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Tell us what made you switch, so we can make this console better. This is optional.
          </Text>
          <Textarea
            label="Your feedback"
            autosize
            minRows={3}
            maxRows={8}
            value={feedback}
            onChange={(event) => setFeedback(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button loading={sending} onClick={() => void handleSwitch()}>
              Switch
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}

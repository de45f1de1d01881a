import { Button, Group, List, Modal, Text } from '@mantine/core';
import { messages, rebootCardTexts } from '@powerdeck/domain';

/** 'About Device Controls' (cv2/cv3 help text, spec §2). */
export function AboutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="About Device Controls" centered>
      <List size="sm" spacing="xs">
        <List.Item>
          Outlets can be locked to disable their on/off toggle. A locked outlet can still be cycled.
        </List.Item>
        <List.Item>Rebooting the card does not affect the attached device.</List.Item>
      </List>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>OK</Button>
      </Group>
    </Modal>
  );
}

/** 'Reboot CV2' / 'Reboot CV3' confirmation; closes on Cancel or after confirming. */
export function RebootModal({
  card,
  opened,
  onClose,
  onConfirm,
}: {
  card: 'cv2' | 'cv3';
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const texts = rebootCardTexts(card);
  return (
    <Modal opened={opened} onClose={onClose} title={texts.title} centered>
      <Text size="sm">{texts.body}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="orange"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          Reboot
        </Button>
      </Group>
    </Modal>
  );
}

/** Shown once monitoring stops after 15 minutes without activity; OK resumes it. */
export function MonitoringPausedModal({
  opened,
  onResume,
}: {
  opened: boolean;
  onResume: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onResume}
      title={messages.monitoringPausedTitle}
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
    >
      <Text size="sm">{messages.monitoringPaused}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onResume}>OK</Button>
      </Group>
    </Modal>
  );
}

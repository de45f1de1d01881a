import { Alert } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { usePublicConfig } from '../../lib/public-config';

/** The system-wide message, only when configured and non-empty (spec §1). */
export function SystemBanner() {
  const message = usePublicConfig().data?.bannerMessage?.trim();
  if (!message) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      icon={<IconSpeakerphone aria-hidden />}
      role="status"
      aria-label="System message"
    >
      {message}
    </Alert>
  );
}

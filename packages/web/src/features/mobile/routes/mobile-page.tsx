import { Alert, Stack, Text } from '@mantine/core';
import { messages } from '@powerdeck/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { CenteredCard } from '../../../components/centered-card';
import { StoreLinks } from '../components/store-links';

/** Where phones are sent from every signed-in route (spec §1, §2). */
export function MobilePage() {
  return (
    <CenteredCard title="Use the mobile app">
      <Stack gap="md">
        <Text>On a phone, manage your locations and devices with our mobile app.</Text>
        <StoreLinks />
        <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
          The classic mobile site is deprecated and was {messages.mobileDeprecated}.
        </Alert>
        <Text size="sm" c="dimmed">
          On a tablet or a computer the full console is available in the browser.
        </Text>
      </Stack>
    </CenteredCard>
  );
}

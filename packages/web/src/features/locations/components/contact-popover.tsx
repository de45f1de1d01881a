import {
  Anchor,
  Center,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  ActionIcon,
} from '@mantine/core';
import { messages, POPOVER_HEIGHT_PX, type Location } from '@powerdeck/domain';
import { IconAddressBook } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { clientContactPath } from '../../../lib/paths';
import { useContact } from '../api/get-contact';
import { LazyTooltip } from '../../../components/lazy-tooltip';

function ContactBody({ location }: { location: Location }) {
  const contact = useContact(location.primeContact);
  if (location.primeContact === null) {
    return <Text size="sm">{messages.primaryContactNotAssigned}</Text>;
  }
  if (contact.isPending) {
    return (
      <Center h={120} role="status" aria-label="Loading contact">
        <Loader size="sm" />
      </Center>
    );
  }
  const details = contact.data ?? location.primeContactDetails;
  if (!details) return <Text size="sm">{messages.primaryContactNotAssigned}</Text>;
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {details.firstName} {details.lastName}
      </Text>
      <Text size="sm">{details.phone}</Text>
      <Anchor
        size="sm"
        href={`mailto:${details.email}`}
        onClick={(e) => e.stopPropagation()}
        style={{ overflowWrap: 'anywhere' }}
      >
        {details.email}
      </Anchor>
    </Stack>
  );
}

/** Primary-contact popover (spec §2): loader, name, phone, e-mail; click opens the contact page. */
export function ContactPopover({ location }: { location: Location }) {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  return (
    <Popover opened={opened} onChange={setOpened} width={260} position="bottom-end" shadow="md">
      <Popover.Target>
        <LazyTooltip label="Primary contact">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Primary contact"
            onClick={(e) => {
              e.preventDefault();
              e.stopPropagation();
              setOpened((o) => !o);
            }}
          >
            <IconAddressBook size={18} aria-hidden />
          </ActionIcon>
        </LazyTooltip>
      </Popover.Target>
      <Popover.Dropdown
        onClick={(e) => {
          e.stopPropagation();
          if (location.clientId) void navigate(clientContactPath(location.clientId));
        }}
        style={{ cursor: location.clientId ? 'pointer' : undefined }}
      >
        <ScrollArea.Autosize mah={POPOVER_HEIGHT_PX} aria-label="Primary contact details">
          <ContactBody location={location} />
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

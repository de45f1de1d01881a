import { Accordion, Anchor, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DEVICE_CLASSES, getDeviceSpec } from '@powerdeck/domain';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { deviceHelpPath } from '../../../lib/paths';
import { PageTitle } from '../../../components/page-title';
import { usePublicConfig } from '../../../lib/public-config';
import { ClassLinks } from '../components/device-class-facts';
import { HELP_TOPICS } from '../components/help-topics';

/** /helpAndSupport: how-tos, the device-class reference (from the catalog) and how to reach support. */
export function HelpPage() {
  return (
    <>
      <PageTitle title="Help & Support" />
      <Stack gap="lg">
        <SupportContact />
        <section aria-labelledby="help-howto">
          <Title order={2} size="h4" mb="xs" id="help-howto">
            How to
          </Title>
          <Accordion variant="separated" multiple defaultValue={[HELP_TOPICS[0]?.id ?? '']}>
            {HELP_TOPICS.map((topic) => (
              <Accordion.Item key={topic.id} value={topic.id}>
                <Accordion.Control>{topic.title}</Accordion.Control>
                <Accordion.Panel>
                  <List type="ordered" spacing={4} size="sm">
                    {topic.steps.map((step) => (
                      <List.Item key={step}>{step}</List.Item>
                    ))}
                  </List>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </section>
        <DeviceReference />
      </Stack>
    </>
  );
}

function SupportContact() {
  const config = usePublicConfig().data;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        Contact support
      </Title>
      {config ? (
        <Group gap="xl">
          <Group gap={6}>
            <IconMail size={18} aria-hidden />
            <Anchor href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Anchor>
          </Group>
          {config.supportPhone && (
            <Group gap={6}>
              <IconPhone size={18} aria-hidden />
              <Anchor href={`tel:${config.supportPhone}`}>{config.supportPhone}</Anchor>
            </Group>
          )}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Loading..
        </Text>
      )}
    </Paper>
  );
}

function DeviceReference() {
  return (
    <section aria-labelledby="help-devices">
      <Title order={2} size="h4" mb="xs" id="help-devices">
        Device classes
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Class</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Outlets</Table.Th>
              <Table.Th>Parent</Table.Th>
              <Table.Th>Children</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {DEVICE_CLASSES.map((devClass) => {
              const spec = getDeviceSpec(devClass);
              return (
                <Table.Tr key={devClass}>
                  <Table.Td>
                    <Anchor component={Link} to={deviceHelpPath(devClass)}>
                      {devClass}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{spec.displayName}</Table.Td>
                  <Table.Td>{spec.outletCount === 0 ? '—' : spec.outletCount}</Table.Td>
                  <Table.Td>
                    <ClassLinks classes={spec.parentClasses} />
                  </Table.Td>
                  <Table.Td>
                    <ClassLinks classes={spec.childClasses} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

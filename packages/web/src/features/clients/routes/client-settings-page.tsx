import {
  Anchor,
  Avatar,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { messages } from '@powerdeck/domain';
import { Link, useParams } from 'react-router';
import { clientContactPath, locationRootPath } from '../../../lib/paths';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { useClient, useClientLocations } from '../api/clients';

function Field({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value === null || value === '' ? messages.notAvailable : value}</Text>
    </div>
  );
}

/** /clients/{id}/settings: the client's details and its locations (svc=getLocationCard). */
export function ClientSettingsPage() {
  const { clientId = '' } = useParams();
  const client = useClient(clientId);
  const locations = useClientLocations(clientId);
  if (client.isPending) return <LoadingPanel label="Loading client..." />;
  if (client.isError) return <ErrorBanner message="Client not found" />;
  const c = client.data;
  return (
    <>
      <PageTitle
        title={c.firstName}
        actions={
          <Button component={Link} to={clientContactPath(clientId)} variant="default">
            Contacts
          </Button>
        }
      />
      <Stack>
        <Paper withBorder radius="md" p="md">
          <Group align="flex-start" wrap="nowrap" gap="lg">
            <Avatar src={c.imageFileRef} size={72} radius="md" alt={`${c.firstName} picture`}>
              {c.firstName.slice(0, 1)}
            </Avatar>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} style={{ flex: 1 }}>
              <Field label="Email" value={c.email} />
              <Field label="Phone" value={c.phone} />
              <Field label="Company" value={c.company} />
              <Field label="Address" value={[c.address, c.address2].filter(Boolean).join(', ')} />
              <Field label="City" value={c.city} />
              <Field label="Region" value={c.region} />
              <Field label="Country" value={c.country} />
              <Field label="Postal code" value={c.postalCode} />
              <Field label="Locations / devices" value={`${c.siteCnt ?? 0} / ${c.devCnt ?? 0}`} />
            </SimpleGrid>
          </Group>
        </Paper>
        <Title order={2} size="h4">
          Locations
        </Title>
        {locations.isPending && <LoadingPanel label="Loading locations..." />}
        {locations.data && locations.data.records.length === 0 && (
          <Text c="dimmed">This client has no locations you can see.</Text>
        )}
        {locations.data && locations.data.records.length > 0 && (
          <Paper withBorder radius="md">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Location Name</Table.Th>
                  <Table.Th>Your role</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {locations.data.records.map((l) => (
                  <Table.Tr key={l.siteId}>
                    <Table.Td>
                      <Anchor component={Link} to={locationRootPath(l.siteId)}>
                        {l.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{l.permLvl}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
    </>
  );
}

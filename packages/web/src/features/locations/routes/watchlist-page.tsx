import { Anchor, Badge, Paper, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { messages } from '@powerdeck/domain';
import { Link } from 'react-router';
import { devicePath, locationRootPath } from '../../../lib/paths';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { useWatchedSites } from '../api/get-sites-data';
import { useWatchedDevices } from '../api/location-outlets';
import { DeviceActions } from '../components/device-actions';
import { LocationCard } from '../components/location-card';

function WatchedDevices() {
  const devices = useWatchedDevices();
  if (devices.isPending) return <LoadingPanel label="Loading watched devices..." />;
  if (devices.isError || devices.data.records.length === 0) {
    return <EmptyState message="No devices on your watchlist." />;
  }
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.data.records.map((d) => (
              <Table.Tr key={d.devId}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={devicePath({
                      locationId: d.siteId,
                      deviceId: d.devId,
                      deviceClass: d.devClass,
                    })}
                  >
                    {d.devName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{d.devClass}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={locationRootPath(d.siteId)}>
                    Open location
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={d.connected ? 'green' : 'red'}>
                    {d.connected ? 'Connected' : 'Disconnected'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <DeviceActions device={d} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** /watchlist: the locations and devices the user watches. */
export function WatchlistPage() {
  const sites = useWatchedSites();
  return (
    <>
      <PageTitle title="Watchlist" />
      <Stack gap="xl">
        <section aria-labelledby="watched-locations">
          <Title id="watched-locations" order={2} size="h4" mb="sm">
            Locations
          </Title>
          {sites.isPending && <LoadingPanel label="Loading watched locations..." />}
          {sites.isError && (
            <ErrorBanner
              message={messages.loadDeviceInfoFailed}
              onRetry={() => void sites.refetch()}
            />
          )}
          {sites.data && sites.data.records.length === 0 && (
            <EmptyState message="No locations on your watchlist. Use the eye on a location to add it." />
          )}
          {sites.data && sites.data.records.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
              {sites.data.records.map((l) => (
                <LocationCard key={l.siteId} location={l} />
              ))}
            </SimpleGrid>
          )}
        </section>
        <section aria-labelledby="watched-devices">
          <Title id="watched-devices" order={2} size="h4" mb="sm">
            Devices
          </Title>
          <WatchedDevices />
        </section>
      </Stack>
    </>
  );
}

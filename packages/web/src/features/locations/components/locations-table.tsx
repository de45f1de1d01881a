import { Anchor, Box, Pagination, Group, Table, Text } from '@mantine/core';
import { LOCATIONS_PAGE_SIZE, messages, type Location } from '@powerdeck/domain';
import { useNavigate } from 'react-router';
import { locationRootPath } from '../../../lib/paths';
import { useDeviceCount } from '../api/get-device-count';
import { ConnectivityBadge, connectivityOf } from './connectivity-badge';
import { LocationActions } from './location-actions';
import { LockIcon } from './location-card';

function Row({ location }: { location: Location }) {
  const count = useDeviceCount(location.siteId);
  const navigate = useNavigate();
  const show = (n: number | undefined) => n ?? (count.isError ? messages.notAvailable : '…');
  const open = () => void navigate(locationRootPath(location.siteId));
  return (
    <Table.Tr onClick={open} style={{ cursor: 'pointer' }}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <ConnectivityBadge state={connectivityOf(count.data, count.isError)} />
      </Table.Td>
      <Table.Td>
        <Anchor
          href={locationRootPath(location.siteId)}
          onClick={(e) => {
            e.preventDefault();
            open();
          }}
          fw={600}
        >
          {location.name}
        </Anchor>
      </Table.Td>
      <Table.Td>{location.otltLock && <LockIcon />}</Table.Td>
      <Table.Td>{location.client || messages.notAvailable}</Table.Td>
      <Table.Td>{show(count.data?.total)}</Table.Td>
      <Table.Td visibleFrom={WIDE}>{show(count.data?.active)}</Table.Td>
      <Table.Td visibleFrom={WIDE}>{show(count.data?.inActive)}</Table.Td>
      <Table.Td onClick={(e) => e.stopPropagation()}>
        <LocationActions location={location} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Below this breakpoint (a tablet at 768 px, or a small laptop whose sidebar takes its share) the
 * Active and Inactive counts are left out — the status badge and Total Devices say most of it —
 * so the row fits and its Actions stay on screen.
 */
const WIDE = 'lg';

/**
 * The table view (spec §2): 18 a page, columns as the spec lists them (on a narrow screen without
 * the Active and Inactive counts). The table scrolls sideways only when its content cannot fit.
 */
export function LocationsTable({
  locations,
  pageNo,
  totalRecords,
  onPage,
}: {
  locations: Location[];
  pageNo: number;
  totalRecords: number;
  onPage: (pageNo: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(totalRecords / LOCATIONS_PAGE_SIZE));
  return (
    <>
      <Box style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover verticalSpacing="sm" miw={{ base: 640, [WIDE]: 860 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={150}>Status</Table.Th>
              <Table.Th>Location Name</Table.Th>
              <Table.Th aria-label="Lock" w={40} />
              <Table.Th>Client Name</Table.Th>
              <Table.Th>Total Devices</Table.Th>
              <Table.Th visibleFrom={WIDE}>Active</Table.Th>
              <Table.Th visibleFrom={WIDE}>Inactive</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {locations.map((location) => (
              <Row key={location.siteId} location={location} />
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed">
          {totalRecords} locations
        </Text>
        {pages > 1 && <Pagination total={pages} value={pageNo} onChange={onPage} />}
      </Group>
    </>
  );
}

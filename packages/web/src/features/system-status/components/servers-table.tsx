import { Badge, Group, Table, Text } from '@mantine/core';
import { type ServerStatus, formatDateTime } from '@powerdeck/domain';
import { formatUptime } from '../status-format';
import { StatusBadge } from './status-badge';

/** Every server writing to this database: its version, uptime and whether it is still seen. */
export function ServersTable({ servers }: { servers: readonly ServerStatus[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Server</Table.Th>
            <Table.Th scope="col">Version</Table.Th>
            <Table.Th scope="col">Uptime</Table.Th>
            <Table.Th scope="col">Last seen</Table.Th>
            <Table.Th scope="col">State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {servers.map((server) => (
            <Table.Tr key={server.serverId} data-testid="server-row">
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {server.host}
                  </Text>
                  {server.self && (
                    <Badge variant="outline" color="gray" size="xs" radius="sm">
                      this one
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" ff="monospace">
                  {server.serverId.slice(0, 8)}
                </Text>
              </Table.Td>
              <Table.Td>{server.version}</Table.Td>
              <Table.Td data-testid="server-uptime">
                {server.gone ? '–' : formatUptime(server.uptimeSeconds)}
              </Table.Td>
              <Table.Td>{formatDateTime(server.lastSeen)}</Table.Td>
              <Table.Td>
                <StatusBadge ok={!server.gone} okLabel="Running" badLabel="Gone" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Table, Text } from '@mantine/core';
import { type QueueStatus, formatDateTime } from '@powerdeck/domain';
import { StatusBadge } from './status-badge';

/** Each background job's queue: what waits, runs and failed, and how its last run ended. */
export function JobsTable({ queues }: { queues: readonly QueueStatus[] }) {
  if (queues.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No job queues yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Job</Table.Th>
            <Table.Th scope="col" ta="right">
              Waiting
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Running
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Failed
            </Table.Th>
            <Table.Th scope="col">Last run</Table.Th>
            <Table.Th scope="col">Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {queues.map((q) => (
            <Table.Tr key={q.queue}>
              <Table.Td ff="monospace" fz="sm">
                {q.queue}
              </Table.Td>
              <Table.Td ta="right">{q.waiting}</Table.Td>
              <Table.Td ta="right">{q.active}</Table.Td>
              <Table.Td ta="right">{q.failed}</Table.Td>
              <Table.Td>{q.lastRunAt ? formatDateTime(q.lastRunAt) : 'Not yet'}</Table.Td>
              <Table.Td>
                {q.lastState === null ? (
                  '–'
                ) : q.lastState === 'cancelled' ? (
                  'Cancelled'
                ) : (
                  <>
                    <StatusBadge
                      ok={q.lastState === 'completed'}
                      okLabel="Done"
                      badLabel="Failed"
                    />
                    {q.lastError && (
                      <Text size="xs" c="dimmed" lineClamp={2} title={q.lastError}>
                        {q.lastError}
                      </Text>
                    )}
                  </>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { messages, type DeviceCount } from '@powerdeck/domain';

interface Row {
  label: string;
  value: number;
  color: string;
}

function rows(count: DeviceCount): Row[] {
  return [
    { label: 'Total', value: count.total, color: 'blue' },
    { label: 'Active', value: count.active, color: 'green' },
    { label: 'Inactive', value: count.inActive, color: 'red' },
  ];
}

/** Total, Active and Inactive devices with progress bars; 'N/A' when the count call failed. */
export function DeviceCounts({
  count,
  failed,
}: {
  count: DeviceCount | undefined;
  failed: boolean;
}) {
  if (!count && !failed) {
    return (
      <Stack gap={10} aria-busy="true" aria-label="Loading device counts">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={22} radius="sm" />
        ))}
      </Stack>
    );
  }
  const shown: Row[] = count
    ? rows(count)
    : ['Total', 'Active', 'Inactive'].map((label) => ({ label, value: 0, color: 'gray' }));
  return (
    <Stack gap={8}>
      {shown.map((row) => {
        const percent = count && count.total > 0 ? (row.value / count.total) * 100 : 0;
        return (
          <div key={row.label}>
            <Group justify="space-between" gap="xs" mb={2}>
              <Text size="xs" c="dimmed">
                {row.label} devices
              </Text>
              <Text size="xs" fw={600}>
                {count ? row.value : messages.notAvailable}
              </Text>
            </Group>
            <Progress
              value={percent}
              color={row.color}
              size="sm"
              aria-label={`${row.label} devices`}
            />
          </div>
        );
      })}
    </Stack>
  );
}

import { Alert, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import {
  DC12IP_CRITICAL_WATTS,
  DC12IP_INHIBIT_WATTS,
  DC12IP_WARNING_WATTS,
  dc12ipWattageLevel,
  formatWattage,
  messages,
  type DeviceStatusView,
  type SolFault,
  type WattageLevel,
} from '@powerdeck/domain';
import { IconAlertTriangle } from '@tabler/icons-react';

const FAULT_BANNERS: Record<SolFault, string> = {
  'Output Overload Fault': messages.outputOverloaded,
  '12V DC Supply Fault': messages.dcSupplyFault,
  'Line Neutral Fault': messages.lineNeutralFault,
};

const LEVEL: Record<WattageLevel, { colour: string; text: string | null }> = {
  normal: { colour: 'teal', text: null },
  inhibit: {
    colour: 'yellow',
    text: `Total wattage is at the Inhibit level (${DC12IP_INHIBIT_WATTS} W).`,
  },
  warning: {
    colour: 'orange',
    text: `Total wattage is at the Warning level (${DC12IP_WARNING_WATTS} W).`,
  },
  critical: {
    colour: 'red',
    text: `Total wattage is at the critical level (${DC12IP_CRITICAL_WATTS} W).`,
  },
};

/** dc12ip: total wattage against Inhibit 135 / Warning 150 / critical 165 W, and fault banners. */
export function WattagePanel({ status }: { status: DeviceStatusView | null | undefined }) {
  const total = status?.tp ?? 0;
  const level = LEVEL[dc12ipWattageLevel(total)];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Wattage
        </Title>
        <Group justify="space-between" align="baseline">
          <Text fw={700} size="xl">
            {formatWattage(status?.tp) || '–'}
            <Text span size="sm" c="dimmed" ml={4}>
              W total
            </Text>
          </Text>
        </Group>
        <Progress
          value={Math.min(100, (total / DC12IP_CRITICAL_WATTS) * 100)}
          color={level.colour}
          aria-label="Total wattage"
        />
        <Group gap="md" wrap="wrap">
          <Text size="xs" c="dimmed">{`Inhibit ${DC12IP_INHIBIT_WATTS} W`}</Text>
          <Text size="xs" c="dimmed">{`Warning ${DC12IP_WARNING_WATTS} W`}</Text>
          <Text size="xs" c="dimmed">{`Critical ${DC12IP_CRITICAL_WATTS} W`}</Text>
        </Group>
        {level.text && (
          <Alert color={level.colour} variant="light" p="xs">
            {level.text}
          </Alert>
        )}
        {(status?.sol ?? []).map((fault) => (
          <Alert
            key={fault}
            color="red"
            variant="light"
            p="xs"
            icon={<IconAlertTriangle size={16} aria-hidden />}
            role="alert"
          >
            {FAULT_BANNERS[fault]}
          </Alert>
        ))}
      </Stack>
    </Paper>
  );
}

import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  formatAmperage,
  formatBattery,
  formatVoltage,
  formatWattage,
  getDeviceSpec,
  type DeviceClass,
  type DeviceStatusView,
} from '@powerdeck/domain';
import { memo } from 'react';

/** Memoised on its three strings: a status re-renders only the readings whose text it changed. */
const Reading = memo(function Reading({
  label,
  value,
  unit,
}: {
  label: string;
  value: string;
  unit: string;
}) {
  return (
    <Stack gap={0} miw={72}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg">
        {value === '' ? '–' : value}
        {value !== '' && unit && (
          <Text span size="sm" c="dimmed" ml={2}>
            {unit}
          </Text>
        )}
      </Text>
    </Stack>
  );
});

/** Voltage (V, 1 decimal), Amperage (A, 2), Wattage (W, 1) and Battery % where the class has one. */
export function Readings({
  devClass,
  status,
}: {
  devClass: DeviceClass;
  status: DeviceStatusView | null | undefined;
}) {
  const spec = getDeviceSpec(devClass);
  return (
    <Group gap="lg" wrap="wrap">
      <Reading label="Voltage" value={formatVoltage(status?.voltage)} unit="V" />
      <Reading label="Amperage" value={formatAmperage(status?.amperage)} unit="A" />
      <Reading label="Wattage" value={formatWattage(status?.wattage)} unit="W" />
      {spec.panels.battery && (
        <Reading label="Battery" value={formatBattery(status?.battlevel)} unit="" />
      )}
    </Group>
  );
}

/** The meter panel of a device with a meter of its own. */
export function MeterPanel({
  devClass,
  status,
}: {
  devClass: DeviceClass;
  status: DeviceStatusView | null | undefined;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Meter">
      <Title order={2} size="h4" mb="xs">
        Meter
      </Title>
      <Readings devClass={devClass} status={status} />
    </Paper>
  );
}

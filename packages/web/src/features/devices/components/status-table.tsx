import { ScrollArea, Table, Text } from '@mantine/core';
import {
  formatBattery,
  formatDateTime,
  formatPowerStatus,
  formatVoltage,
  getDeviceSpec,
  statusTimeToMs,
  type DeviceClass,
  type DeviceStatusView,
  type StatusColumn,
} from '@powerdeck/domain';

export interface StatusRow {
  devId: string;
  devClass: DeviceClass;
  name: string;
  status: DeviceStatusView | null | undefined;
}

function cell(column: StatusColumn, row: StatusRow): string {
  const status = row.status;
  if (!status) return '';
  const value = (status as Record<string, unknown>)[column.field];
  const outletMatch = /^otlt(\d+)$/.exec(column.field);
  if (outletMatch) {
    const on = status.otlts[Number(outletMatch[1]) - 1];
    return on === undefined ? '' : on ? 'On' : 'Off';
  }
  const number = typeof value === 'number' ? value : undefined;
  switch (column.format) {
    case 'time':
      return formatDateTime(statusTimeToMs(status.time));
    case 'voltage':
      return formatVoltage(number);
    // The power-status table shows amperage, wattage, power factor and VA with 2 decimals.
    case 'amperage':
    case 'wattage':
    case 'decimal2':
      return formatPowerStatus(number);
    case 'battery':
      return formatBattery(number);
    case 'powerCondition':
      return number === undefined
        ? ''
        : (getDeviceSpec(row.devClass).powerConditionLabels[number] ?? String(number));
    case 'outlet':
    case 'text':
      if (typeof value === 'boolean') return value ? 'Yes' : 'No';
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
}

/** View Status: the columns of the device's family (catalog `statusColumns`), one row per device. */
export function StatusTable({ rows }: { rows: readonly StatusRow[] }) {
  const first = rows[0];
  if (!first) return null;
  const columns = getDeviceSpec(first.devClass).statusColumns;
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table striped withTableBorder withColumnBorders miw={columns.length * 96} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Device</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.field}>{column.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.devId}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {row.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.devId}
                </Text>
              </Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.field}>{cell(column, row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

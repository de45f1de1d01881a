import { ActionIcon, Button, Group, NativeSelect, Stack } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { SchedulableDevice } from './schedulable-devices';

/** One row of the form: a device and (for outlet actions) one outlet or all of them. */
export interface TargetValue {
  devId: string;
  otlt: number | null;
}

type Option = { value: string; label: string };

/** The device options, a device with kids and its kids under one heading (an optgroup). */
function grouped(
  devices: readonly SchedulableDevice[],
): (Option | { group: string; items: Option[] })[] {
  const data: (Option | { group: string; items: Option[] })[] = [];
  for (const device of devices) {
    const option = { value: device.devId, label: device.label };
    const last = data.at(-1);
    if (device.group === null) data.push(option);
    else if (last && 'group' in last && last.group === device.group) last.items.push(option);
    else data.push({ group: device.group, items: [option] });
  }
  return data;
}

/**
 * The targets of a schedule: a device select and an outlet select per row ("All outlets" is the
 * whole device), rows added and removed; whole-device actions (sequence, reboot) hide the outlet.
 */
export function TargetRows({
  rows,
  devices,
  wholeDevice,
  onDevice,
  onOutlet,
  onAdd,
  onRemove,
  errorOf,
}: {
  rows: readonly (TargetValue & { key: string })[];
  devices: readonly SchedulableDevice[];
  wholeDevice: boolean;
  onDevice: (index: number, devId: string) => void;
  onOutlet: (index: number, otlt: number | null) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** The message of a row's field ('devId', 'otlt') or of the row itself (duplicate outlet). */
  errorOf: (index: number, field?: 'devId' | 'otlt') => string | undefined;
}) {
  const deviceData = [{ value: '', label: 'Select a device', disabled: true }, ...grouped(devices)];
  return (
    <Stack gap="xs">
      {rows.map((row, index) => {
        const device = devices.find((d) => d.devId === row.devId);
        const rowError = errorOf(index);
        const first = index === 0;
        return (
          <Group key={row.key} align="flex-start" wrap="nowrap" gap="xs">
            <NativeSelect
              style={{ flex: 3 }}
              label={first ? 'Device' : undefined}
              withAsterisk={first}
              aria-label={`Device ${index + 1}`}
              data={deviceData}
              value={row.devId}
              onChange={(event) => onDevice(index, event.currentTarget.value)}
              error={errorOf(index, 'devId') ?? (wholeDevice ? rowError : undefined)}
            />
            {!wholeDevice && (
              <NativeSelect
                style={{ flex: 2 }}
                label={first ? 'Outlet' : undefined}
                aria-label={`Outlet ${index + 1}`}
                disabled={!device}
                data={[
                  { value: '', label: 'All outlets' },
                  ...(device?.outlets ?? []).map((o) => ({
                    value: String(o.otlt),
                    label: o.label,
                  })),
                ]}
                value={row.otlt === null ? '' : String(row.otlt)}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  onOutlet(index, value === '' ? null : Number(value));
                }}
                error={errorOf(index, 'otlt') ?? rowError}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              mt={first ? 25 : 0}
              aria-label={`Remove target ${index + 1}`}
              disabled={rows.length === 1}
              onClick={() => onRemove(index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={onAdd}
        >
          {wholeDevice ? 'Add a device' : 'Add an outlet'}
        </Button>
      </Group>
    </Stack>
  );
}

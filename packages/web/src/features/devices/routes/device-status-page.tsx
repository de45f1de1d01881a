import { DeviceRoutePage } from '../../../components/device-route';
import { Stack, Text } from '@mantine/core';
import {
  getDeviceSpec,
  messages,
  STATUS_POLL_MS,
  type DeviceClass,
  type DeviceMeta,
} from '@powerdeck/domain';
import { useQueries } from '@tanstack/react-query';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { deviceKeys } from '../api/device-keys';
import { getDeviceStatus } from '../api/device-view';
import { StatusTable, type StatusRow } from '../components/status-table';
import { panelDevices, useDeviceMeta } from '../hooks/use-device-data';

/** View Status (spec §2): the family's status table for the device, or its attached devices. */
export function DeviceStatusPage() {
  return <DeviceRoutePage>{(device) => <StatusView {...device} />}</DeviceRoutePage>;
}

function StatusView({
  siteId,
  devClass,
  devId,
}: {
  siteId: string;
  devClass: DeviceClass;
  devId: string;
}) {
  const meta = useDeviceMeta(siteId, devClass, devId);
  const devices = meta.data
    ? panelDevices(meta.data).filter((d) => hasOwnStatus(meta.data, d.devClass))
    : [];
  const statuses = useQueries({
    queries: devices.map((device) => ({
      queryKey: deviceKeys.status(device.devId),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await getDeviceStatus({ siteId, devClass: device.devClass, devId: device.devId }, signal))
          .status,
      refetchInterval: STATUS_POLL_MS,
    })),
  });
  if (meta.isError || statuses.some((q) => q.isError)) {
    return <ErrorBanner message={messages.someErrorOccured} onRetry={() => void meta.refetch()} />;
  }
  if (!meta.data) return <LoadingPanel />;
  // Rows of one family per table: the device's own, else those of its attached devices.
  const groups = new Map<string, StatusRow[]>();
  devices.forEach((device, index) => {
    const family = getDeviceSpec(device.devClass).family;
    const rows = groups.get(family) ?? [];
    rows.push({ ...device, status: statuses[index]?.data });
    groups.set(family, rows);
  });
  return (
    <Stack gap="md">
      <PageTitle title="View Status" />
      {groups.size === 0 && <Text c="dimmed">{messages.outletStatusEmpty}</Text>}
      {[...groups.entries()].map(([family, rows]) => (
        <StatusTable key={family} rows={rows} />
      ))}
    </Stack>
  );
}

/** A card (cv2/cv3) or adapter shows its attached devices' tables rather than its own. */
function hasOwnStatus(meta: DeviceMeta | undefined, devClass: DeviceMeta['devClass']): boolean {
  if (!meta) return false;
  if (devClass !== meta.devClass) return true;
  return meta.kids.length === 0 || getDeviceSpec(devClass).statusColumns.length > 1;
}

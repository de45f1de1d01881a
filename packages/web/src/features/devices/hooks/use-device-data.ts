import {
  CONTACT_POLL_MS,
  getDeviceSpec,
  isConnected,
  isKidConnected,
  STATUS_POLL_MS,
  type DeviceClass,
  type DeviceContact,
  type DeviceMeta,
  type DeviceStatusView,
} from '@powerdeck/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { deviceKeys } from '../api/device-keys';
import { getDeviceContact, getDeviceMeta, getDeviceStatus } from '../api/device-view';

/** A device shown on the panel: the panel's own device or one of its kids. */
export interface PanelDevice {
  devId: string;
  devClass: DeviceClass;
  name: string;
  isKid: boolean;
}

export interface DeviceData {
  devices: PanelDevice[];
  status: Record<string, DeviceStatusView | null | undefined>;
  contact: Record<string, DeviceContact | undefined>;
  connected: Record<string, boolean>;
  /** The device's own status could not be read ('Some error occured'). */
  statusError: boolean;
  /** A kid's status or contact could not be read ('Error while loading kids device information'). */
  kidsError: boolean;
}

/** Devices whose status the panel reads: those with outlets or a meter of their own. */
function readsStatus(devClass: DeviceClass): boolean {
  const spec = getDeviceSpec(devClass);
  return spec.outletCount > 0 || spec.panels.meter || spec.panels.wattage;
}

export function panelDevices(meta: DeviceMeta): PanelDevice[] {
  return [
    { devId: meta.devId, devClass: meta.devClass, name: meta.devName, isKid: false },
    ...meta.kids.map((kid) => ({
      devId: kid.devId,
      devClass: kid.devClass,
      name: kid.info.name,
      isKid: true,
    })),
  ];
}

export function useDeviceMeta(siteId: string, devClass: DeviceClass, devId: string) {
  return useQuery({
    queryKey: deviceKeys.meta(devId),
    queryFn: ({ signal }) => getDeviceMeta({ siteId, devClass, devId }, signal),
    staleTime: Infinity,
  });
}

/**
 * Status and contact of the device and its kids. While the live stream is up its events keep
 * these fresh; while it is down (or monitoring is paused) the spec's polling intervals apply.
 */
export function useDeviceData(
  meta: DeviceMeta | undefined,
  options: { polling: boolean; onStatus: (devId: string, status: DeviceStatusView) => void },
): DeviceData {
  const devices = meta ? panelDevices(meta) : [];
  const siteId = meta?.siteId ?? '';
  const statusQueries = useQueries({
    queries: devices.map((device) => ({
      queryKey: deviceKeys.status(device.devId),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const response = await getDeviceStatus({ siteId, ...device }, signal);
        if (response.status) options.onStatus(device.devId, response.status);
        return response.status;
      },
      enabled: readsStatus(device.devClass),
      staleTime: Infinity,
      refetchInterval: options.polling ? STATUS_POLL_MS : (false as const),
    })),
  });
  const contactQueries = useQueries({
    queries: devices.map((device) => ({
      queryKey: deviceKeys.contact(device.devId),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<DeviceContact> => {
        const { devId: _id, ...contact } = await getDeviceContact({ siteId, ...device }, signal);
        return contact;
      },
      staleTime: Infinity,
      refetchInterval: options.polling ? CONTACT_POLL_MS : (false as const),
    })),
  });

  const status: DeviceData['status'] = {};
  const contact: DeviceData['contact'] = {};
  const connected: DeviceData['connected'] = {};
  devices.forEach((device, index) => {
    status[device.devId] = statusQueries[index]?.data;
    contact[device.devId] = contactQueries[index]?.data;
  });
  const parentConnected = meta ? isConnected(contact[meta.devId]) : false;
  for (const device of devices) {
    connected[device.devId] = device.isKid
      ? isKidConnected(contact[device.devId], parentConnected)
      : parentConnected;
  }
  return {
    devices,
    status,
    contact,
    connected,
    statusError: statusQueries[0]?.isError ?? false,
    kidsError: devices.some(
      (device, i) => device.isKid && (!!statusQueries[i]?.isError || !!contactQueries[i]?.isError),
    ),
  };
}

import {
  CONTACT_POLL_MS,
  getDeviceSpec,
  isConnected,
  isKidConnected,
  STATUS_POLL_MS,
  type DeviceClass,
  type DeviceContact,
  type DeviceListItem,
  type DeviceMeta,
  type DeviceStatusView,
} from '@powerdeck/domain';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
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
  const group = deviceGroupOf(meta);
  return [group.parent, ...group.kids];
}

/** The device's meta query (also prefetched on a fresh load of its panel, app/prefetch-route-data). */
export function deviceMetaQuery(siteId: string, devClass: DeviceClass, devId: string) {
  return queryOptions({
    queryKey: deviceKeys.meta(devId),
    queryFn: ({ signal }) => getDeviceMeta({ siteId, devClass, devId }, signal),
    staleTime: Infinity,
  });
}

export function useDeviceMeta(
  siteId: string,
  devClass: DeviceClass,
  devId: string,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    ...deviceMetaQuery(siteId, devClass, devId),
    enabled: options.enabled ?? true,
  });
}

/** A device with its kids: its live stream and its connection carry them. */
export interface DeviceGroup {
  parent: PanelDevice;
  kids: PanelDevice[];
}

export function deviceGroupOf(meta: DeviceMeta): DeviceGroup {
  return {
    parent: { devId: meta.devId, devClass: meta.devClass, name: meta.devName, isKid: false },
    kids: meta.kids.map((kid) => ({
      devId: kid.devId,
      devClass: kid.devClass,
      name: kid.info.name,
      isKid: true,
    })),
  };
}

/**
 * A location's device list as groups: each parent with the kids that name it. A kid whose parent
 * is not in the list is left out (it cannot be addressed without its parent).
 */
export function deviceGroupsOf(items: readonly DeviceListItem[]): DeviceGroup[] {
  const device = (item: DeviceListItem, isKid: boolean): PanelDevice => ({
    devId: item.devId,
    devClass: item.devClass,
    name: item.devName,
    isKid,
  });
  return items
    .filter((item) => item.parentDevId === null)
    .map((parent) => ({
      parent: device(parent, false),
      kids: items
        .filter((item) => item.parentDevId === parent.devId)
        .map((kid) => device(kid, true)),
    }));
}

/** Status and contact of a set of devices, by device id. */
export interface DevicesData {
  devices: PanelDevice[];
  status: Record<string, DeviceStatusView | null | undefined>;
  contact: Record<string, DeviceContact | undefined>;
  connected: Record<string, boolean>;
  statusFailed: Record<string, boolean>;
  contactFailed: Record<string, boolean>;
}

/**
 * Status and contact of the groups' devices. While a group's live stream is up its events keep
 * these fresh; while it is down (or monitoring is paused) the spec's polling intervals apply. A kid
 * is connected only with its parent (spec §4).
 */
export function useDevicesData(
  siteId: string,
  groups: readonly DeviceGroup[],
  options: {
    /** Whether to poll the group of this parent device id. */
    polling: (parentDevId: string) => boolean;
    onStatus: (devId: string, status: DeviceStatusView) => void;
  },
): DevicesData {
  const members = groups.flatMap((group) =>
    [group.parent, ...group.kids].map((device) => ({ device, parent: group.parent.devId })),
  );
  const statusQueries = useQueries({
    queries: members.map(({ device, parent }) => ({
      queryKey: deviceKeys.status(device.devId),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const response = await getDeviceStatus({ siteId, ...device }, signal);
        if (response.status) options.onStatus(device.devId, response.status);
        return response.status;
      },
      enabled: readsStatus(device.devClass),
      staleTime: Infinity,
      refetchInterval: options.polling(parent) ? STATUS_POLL_MS : (false as const),
    })),
  });
  const contactQueries = useQueries({
    queries: members.map(({ device, parent }) => ({
      queryKey: deviceKeys.contact(device.devId),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<DeviceContact> => {
        const { devId: _id, ...contact } = await getDeviceContact({ siteId, ...device }, signal);
        return contact;
      },
      staleTime: Infinity,
      refetchInterval: options.polling(parent) ? CONTACT_POLL_MS : (false as const),
    })),
  });

  const data: DevicesData = {
    devices: members.map((m) => m.device),
    status: {},
    contact: {},
    connected: {},
    statusFailed: {},
    contactFailed: {},
  };
  members.forEach(({ device }, index) => {
    data.status[device.devId] = statusQueries[index]?.data;
    data.contact[device.devId] = contactQueries[index]?.data;
    data.statusFailed[device.devId] = statusQueries[index]?.isError ?? false;
    data.contactFailed[device.devId] = contactQueries[index]?.isError ?? false;
  });
  for (const { parent, kids } of groups) {
    const parentConnected = isConnected(data.contact[parent.devId]);
    data.connected[parent.devId] = parentConnected;
    for (const kid of kids) {
      data.connected[kid.devId] = isKidConnected(data.contact[kid.devId], parentConnected);
    }
  }
  return data;
}

/** The device panel's view of its device and kids. */
export function toDeviceData(meta: DeviceMeta | undefined, data: DevicesData): DeviceData {
  const kids = meta?.kids ?? [];
  return {
    devices: data.devices,
    status: data.status,
    contact: data.contact,
    connected: data.connected,
    statusError: meta ? (data.statusFailed[meta.devId] ?? false) : false,
    kidsError: kids.some(
      (kid) => !!data.statusFailed[kid.devId] || !!data.contactFailed[kid.devId],
    ),
  };
}

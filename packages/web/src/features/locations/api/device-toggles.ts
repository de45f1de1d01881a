import { notifications } from '@mantine/notifications';
import { messages, type DeviceWatchedMuted } from '@powerdeck/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toggleToast } from './site-toggles';

/** A device as its eye and bell address it; a kid names its parent (spec §7 muteDevice). */
export interface DeviceToggleTarget {
  siteId: string;
  devId: string;
  parentDevId?: string | null;
}

/** Whether the user watches and mutes a device. */
export interface DeviceFlags {
  watched: boolean;
  muted: boolean;
}

const deviceFlagKeys = {
  /** `locations svc=getDeviceWatchedMutedDetails` of one location. */
  site: (siteId: string) => ['devices', 'watchedMuted', siteId] as const,
  /** `locations svc=getWatchedDevices`: the Watchlist's Devices section. */
  watchlist: ['devices', 'watched'] as const,
};

/**
 * The watch and mute state of every device of a location, one call per location shared by the
 * device panel and the All Devices rows so both show the same.
 */
export function useDeviceFlags(siteId: string, enabled = true) {
  return useQuery({
    queryKey: deviceFlagKeys.site(siteId),
    queryFn: ({ signal }) => api.deviceViews.getDeviceWatchedMutedDetails({ siteId }, { signal }),
    select: (data) => new Map(data.records.map((r) => [r.devId, r] as const)),
    enabled,
  });
}

/** The spec §8 toast for a device toggle's outcome; `on` is the state that was asked for. */
function deviceToast(kind: 'watch' | 'mute', on: boolean, ok: boolean): string {
  if (kind === 'mute') return toggleToast('mute', on, ok);
  if (ok) return on ? messages.deviceWatchAdded : messages.deviceWatchRemoved;
  return on ? messages.deviceWatchAddFailed : messages.deviceWatchRemoveFailed;
}

/** A device's eye (watchManagement addDevice/deleteDevice) or bell (mutesManagement). */
export function useDeviceToggle(kind: 'watch' | 'mute', device: DeviceToggleTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean): Promise<Partial<DeviceFlags>> =>
      kind === 'watch'
        ? api.deviceViews[on ? 'addDevice' : 'deleteDevice']({ devId: device.devId })
        : api.deviceViews[on ? 'muteDevice' : 'unmuteDevice']({
            siteId: device.siteId,
            devId: device.devId,
            parentDevId: device.parentDevId ?? undefined,
          }),
    onSuccess: async (result, on) => {
      notifications.show({ color: 'green', message: deviceToast(kind, on, true) });
      const flag = kind === 'watch' ? 'watched' : 'muted';
      client.setQueryData<DeviceWatchedMuted>(deviceFlagKeys.site(device.siteId), (data) =>
        data
          ? {
              records: data.records.map((r) =>
                r.devId === device.devId ? { ...r, [flag]: result[flag] ?? on } : r,
              ),
            }
          : data,
      );
      await Promise.all([
        client.invalidateQueries({ queryKey: deviceFlagKeys.watchlist }),
        client.invalidateQueries({ queryKey: deviceFlagKeys.site(device.siteId) }),
      ]);
    },
    onError: (_e, on) =>
      notifications.show({ color: 'red', message: deviceToast(kind, on, false) }),
  });
}

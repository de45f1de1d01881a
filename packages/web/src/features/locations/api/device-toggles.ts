import { notifications } from '@mantine/notifications';
import type { DeviceListItem, DeviceMuted, DeviceWatched } from '@powerdeck/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toggleToast } from './site-toggles';

/** Device watch texts are ours (spec §8 words only the location ones). */
const deviceWatchToast = (on: boolean, ok: boolean) =>
  ok
    ? on
      ? 'Device added to Watchlist'
      : 'Device removed from Watchlist'
    : on
      ? 'Device cant be added to Watchlist'
      : 'Device cant be removed from Watchlist';

/** A watched device's eye (watchManagement addDevice/deleteDevice) or bell (mutesManagement). */
export function useDeviceToggle(kind: 'watch' | 'mute', device: DeviceListItem) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean): Promise<DeviceWatched | DeviceMuted> =>
      kind === 'watch'
        ? api.deviceViews[on ? 'addDevice' : 'deleteDevice']({ devId: device.devId })
        : api.deviceViews[on ? 'muteDevice' : 'unmuteDevice']({
            siteId: device.siteId,
            devId: device.devId,
            parentDevId: device.parentDevId ?? undefined,
          }),
    onSuccess: async (_r, on) => {
      notifications.show({
        color: 'green',
        message: kind === 'watch' ? deviceWatchToast(on, true) : toggleToast('mute', on, true),
      });
      await client.invalidateQueries({ queryKey: ['devices', 'watched'] });
    },
    onError: (_e, on) =>
      notifications.show({
        color: 'red',
        message: kind === 'watch' ? deviceWatchToast(on, false) : toggleToast('mute', on, false),
      }),
  });
}

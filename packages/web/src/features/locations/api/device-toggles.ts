import { notifications } from '@mantine/notifications';
import type { DeviceListItem } from '@powerdeck/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';
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
    mutationFn: (on: boolean) =>
      kind === 'watch'
        ? dataSvc('watchManagement', on ? 'addDevice' : 'deleteDevice', {
            method: 'POST',
            form: { devId: device.devId },
          })
        : dataSvc('mutesManagement', on ? 'muteDevice' : 'unmuteDevice', {
            method: 'POST',
            form: {
              siteId: device.siteId,
              devId: device.devId,
              parentDevId: device.parentDevId ?? undefined,
            },
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

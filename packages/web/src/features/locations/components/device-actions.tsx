import { Group } from '@mantine/core';
import { canMute, type PermLvl } from '@powerdeck/domain';
import { IconBell, IconBellOff, IconEye, IconEyeOff } from '@tabler/icons-react';
import {
  type DeviceFlags,
  type DeviceToggleTarget,
  useDeviceFlags,
  useDeviceToggle,
} from '../api/device-toggles';
import { useUserLevels } from '../api/user-levels';
import { ToggleAction } from './toggle-action';

/**
 * Watch (eye) and mute (bell) of a device, with the same rules as a location's: one request at a
 * time ('Please try after few seconds.'), and no mute for CLIENT or INSTALLER at the device's
 * location (the click is ignored, no request is sent).
 *
 * The state is the device's own `watched`/`muted` when the caller has it (the Watchlist's rows);
 * otherwise it comes from the location's `getDeviceWatchedMutedDetails`, shared by every control
 * of that location. `permLvl` is the caller's level there when known (the device panel's meta);
 * otherwise the user's levels say it.
 */
export function DeviceActions({
  device,
  permLvl,
}: {
  device: DeviceToggleTarget & Partial<DeviceFlags>;
  permLvl?: PermLvl;
}) {
  const own = device.watched !== undefined && device.muted !== undefined;
  const flags = useDeviceFlags(device.siteId, !own);
  const watch = useDeviceToggle('watch', device);
  const mute = useDeviceToggle('mute', device);
  const levels = useUserLevels();
  const level = permLvl ?? levels.levelAt(device.siteId);
  const mayMute = (permLvl !== undefined || levels.known) && level !== undefined && canMute(level);
  const fetched = flags.data?.get(device.devId);
  if (!own && flags.isError) return null;
  const loading = !own && flags.isPending;
  const watched = device.watched ?? fetched?.watched ?? false;
  const muted = device.muted ?? fetched?.muted ?? false;
  return (
    <Group gap={4} wrap="nowrap">
      <ToggleAction
        label={watched ? 'Remove from Watchlist' : 'Add to Watchlist'}
        active={watched}
        busy={loading || watch.isPending}
        onToggle={(on) => watch.mutate(on)}
      >
        {watched ? <IconEye size={18} aria-hidden /> : <IconEyeOff size={18} aria-hidden />}
      </ToggleAction>
      <ToggleAction
        label={muted ? 'Unmute Notifications' : 'Mute Notifications'}
        active={muted}
        busy={loading || mute.isPending}
        allowed={mayMute}
        onToggle={(on) => mute.mutate(on)}
      >
        {muted ? <IconBellOff size={18} aria-hidden /> : <IconBell size={18} aria-hidden />}
      </ToggleAction>
    </Group>
  );
}

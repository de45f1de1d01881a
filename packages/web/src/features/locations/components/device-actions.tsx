import { Group } from '@mantine/core';
import { canMute, type DeviceListItem } from '@powerdeck/domain';
import { IconBell, IconBellOff, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useDeviceToggle } from '../api/device-toggles';
import { useUserLevels } from '../api/user-levels';
import { ToggleAction } from './toggle-action';

/**
 * Watch and mute of a watched device, with the same rules as a location's: busy, and no mute for
 * CLIENT or INSTALLER at the device's location (the click is ignored, no request is sent).
 */
export function DeviceActions({ device }: { device: DeviceListItem }) {
  const watch = useDeviceToggle('watch', device);
  const mute = useDeviceToggle('mute', device);
  const levels = useUserLevels();
  const level = levels.levelAt(device.siteId);
  const mayMute = levels.known && level !== undefined && canMute(level);
  return (
    <Group gap={4} wrap="nowrap">
      <ToggleAction
        label={device.watched ? 'Remove from Watchlist' : 'Add to Watchlist'}
        active={device.watched}
        busy={watch.isPending}
        onToggle={(on) => watch.mutate(on)}
      >
        {device.watched ? <IconEye size={18} aria-hidden /> : <IconEyeOff size={18} aria-hidden />}
      </ToggleAction>
      <ToggleAction
        label={device.muted ? 'Unmute Notifications' : 'Mute Notifications'}
        active={device.muted}
        busy={mute.isPending}
        allowed={mayMute}
        onToggle={(on) => mute.mutate(on)}
      >
        {device.muted ? <IconBellOff size={18} aria-hidden /> : <IconBell size={18} aria-hidden />}
      </ToggleAction>
    </Group>
  );
}

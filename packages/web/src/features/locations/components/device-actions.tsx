import { Group } from '@mantine/core';
import type { DeviceListItem } from '@powerdeck/domain';
import { IconBell, IconBellOff, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useDeviceToggle } from '../api/device-toggles';
import { ToggleAction } from './toggle-action';

/** Watch and mute of a watched device, with the same busy rule as a location's. */
export function DeviceActions({ device }: { device: DeviceListItem }) {
  const watch = useDeviceToggle('watch', device);
  const mute = useDeviceToggle('mute', device);
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
        onToggle={(on) => mute.mutate(on)}
      >
        {device.muted ? <IconBellOff size={18} aria-hidden /> : <IconBell size={18} aria-hidden />}
      </ToggleAction>
    </Group>
  );
}

import { Group } from '@mantine/core';
import { canMute, type Location } from '@powerdeck/domain';
import { IconBell, IconBellOff, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useSiteToggle } from '../api/site-toggles';
import { ContactPopover } from './contact-popover';
import { ToggleAction } from './toggle-action';

/** Watch (eye), mute (bell) and primary contact of a location (spec §2 Actions). */
export function LocationActions({ location }: { location: Location }) {
  const watch = useSiteToggle('watch', location.siteId);
  const mute = useSiteToggle('mute', location.siteId);
  return (
    <Group gap={4} wrap="nowrap">
      <ToggleAction
        label={location.watched ? 'Remove from Watchlist' : 'Add to Watchlist'}
        active={location.watched}
        busy={watch.isPending}
        onToggle={(on) => watch.mutate(on)}
      >
        {location.watched ? (
          <IconEye size={18} aria-hidden />
        ) : (
          <IconEyeOff size={18} aria-hidden />
        )}
      </ToggleAction>
      <ToggleAction
        label={location.muted ? 'Unmute Notifications' : 'Mute Notifications'}
        active={location.muted}
        busy={mute.isPending}
        allowed={canMute(location.permLvl)}
        onToggle={(on) => mute.mutate(on)}
      >
        {location.muted ? (
          <IconBellOff size={18} aria-hidden />
        ) : (
          <IconBell size={18} aria-hidden />
        )}
      </ToggleAction>
      <ContactPopover location={location} />
    </Group>
  );
}

import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { messages, type Location } from '@powerdeck/domain';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { locationRootPath } from '../../../lib/paths';
import { useDeviceCount } from '../api/get-device-count';
import { ConnectivityBadge, connectivityOf } from './connectivity-badge';
import { DeviceCounts } from './device-counts';
import { LocationActions } from './location-actions';
import classes from './location-card.module.css';
import { LazyTooltip } from '../../../components/lazy-tooltip';

export function LockIcon() {
  return (
    <LazyTooltip label="Outlets locked at this location">
      <IconLock
        size={18}
        color="var(--mantine-color-orange-7)"
        aria-label="Outlets locked"
        role="img"
        style={{ flexShrink: 0 }}
      />
    </LazyTooltip>
  );
}

/** A location in the card view (spec §2): name, lock, client, device counts, connectivity, actions. */
export function LocationCard({ location }: { location: Location }) {
  const count = useDeviceCount(location.siteId);
  const failed = count.isError;

  return (
    <Card withBorder radius="md" padding="md" className={classes.card} component="article">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Title order={2} size="h4" lineClamp={2}>
              <Link to={locationRootPath(location.siteId)} className={classes.name}>
                {location.name}
              </Link>
            </Title>
            {location.otltLock && <LockIcon />}
          </Group>
          <ConnectivityBadge state={connectivityOf(count.data, failed)} />
        </Group>
        <Text size="sm" c="dimmed">
          Client: {location.client || messages.notAvailable}
        </Text>
        <DeviceCounts count={count.data} failed={failed} />
        <Group justify="flex-end" style={{ position: 'relative', zIndex: 1 }}>
          <LocationActions location={location} />
        </Group>
      </Stack>
    </Card>
  );
}

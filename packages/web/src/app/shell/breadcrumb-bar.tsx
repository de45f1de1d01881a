import { Box } from '@mantine/core';
import { isDeviceClass } from '@powerdeck/domain';
import { useMatches, type Params } from 'react-router';
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs';
import { useDeviceMeta } from '../../features/devices';
import { useLocationSettings } from '../../features/locations/api/location-settings';
import { resolveDeviceSegments } from '../../lib/paths';
import type { RouteHandle } from '../route-handle';

/**
 * The names of the location and device in the URL, read through the calls their pages make (the
 * same cached queries), so their crumbs say 'Harbor View Lobby' and 'Rack M4315', not ids.
 */
function useEntityNames(params: Params): Partial<Record<'location' | 'device', string>> {
  const siteId = params.locationId ?? '';
  const { deviceId, deviceClass } = resolveDeviceSegments(params.first ?? '', params.second ?? '');
  const knownClass = isDeviceClass(deviceClass) ? deviceClass : undefined;
  const location = useLocationSettings(siteId, { enabled: siteId !== '' });
  const device = useDeviceMeta(siteId, knownClass ?? 'm4000', deviceId, {
    enabled: siteId !== '' && deviceId !== '' && knownClass !== undefined,
  });
  return {
    ...(location.data ? { location: location.data.general.locationName } : {}),
    ...(device.data ? { device: device.data.devName } : {}),
  };
}

const crumbList = (added: Crumb | readonly Crumb[]): readonly Crumb[] =>
  Array.isArray(added) ? (added as readonly Crumb[]) : [added as Crumb];

/** Crumbs from the matched routes' handles, outermost first. */
export function BreadcrumbBar() {
  const matches = useMatches();
  const names = useEntityNames(matches[matches.length - 1]?.params ?? {});
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const added = (match.handle as RouteHandle | undefined)?.crumb?.(match.params) ?? [];
    for (const crumb of crumbList(added)) {
      const known = crumb.id === 'location' || crumb.id === 'device' ? names[crumb.id] : undefined;
      crumbs.push({ ...crumb, name: known ?? crumb.name });
    }
  }
  if (crumbs.length === 0) return null;
  return (
    <Box mb="md">
      <Breadcrumbs crumbs={crumbs} />
    </Box>
  );
}

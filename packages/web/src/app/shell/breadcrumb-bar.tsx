import { Box } from '@mantine/core';
import { isDeviceClass } from '@powerdeck/domain';
import type { Params } from 'react-router';
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs';
import { useDeviceMeta } from '../../features/devices';
import { useGroupDetails } from '../../features/groups/api/groups-api';
import { useLocationSettings } from '../../features/locations/api/location-settings';
import { isApiRequestError } from '../../lib/api-client';
import { resolveDeviceSegments } from '../../lib/paths';
import type { RouteHandle } from '../route-handle';
import { useRouteMatches } from '../route-table';

type Named = 'location' | 'device' | 'group';

/** What the crumb of an id in the URL says while its name loads. */
const LOADING_CRUMB = 'Loading…';

/**
 * The crumb of a location or group the caller may not see (the page shows the No Permission
 * dialog): its name is not the caller's to know, so the crumb gives the id they followed
 * (its start: a whole uuid does not fit a tablet's bar).
 */
const refusedCrumb = (id: string) => `No access: ${id.length > 12 ? `${id.slice(0, 8)}…` : id}`;

/** A crumb's name from the query its page makes: the name, or honestly why there is none. */
function crumbName(
  id: string,
  query: { data?: unknown; isError: boolean; error: unknown },
  name: string | undefined,
): string | undefined {
  if (id === '') return undefined;
  if (name !== undefined) return name;
  if (!query.isError) return LOADING_CRUMB;
  return isApiRequestError(query.error, 403) || isApiRequestError(query.error, 404)
    ? refusedCrumb(id)
    : id;
}

/**
 * The names of the location, device and group in the URL, read through the calls their pages make
 * (the same cached queries), so their crumbs say 'Harbor View Lobby', 'Rack M4315' and 'North
 * depots', not ids; a location, device or group refused to the caller shows its id.
 */
function useEntityNames(params: Params): Partial<Record<Named, string>> {
  const groupId = params.groupId ?? '';
  const group = useGroupDetails(groupId === '' ? null : groupId);
  const siteId = params.locationId ?? '';
  const { deviceId, deviceClass } = resolveDeviceSegments(params.first ?? '', params.second ?? '');
  const knownClass = isDeviceClass(deviceClass) ? deviceClass : undefined;
  const location = useLocationSettings(siteId, { enabled: siteId !== '' });
  const device = useDeviceMeta(siteId, knownClass ?? 'm4000', deviceId, {
    enabled: siteId !== '' && deviceId !== '' && knownClass !== undefined,
  });
  const locationName = crumbName(siteId, location, location.data?.general.locationName);
  const groupName = crumbName(groupId, group, group.data?.groupName);
  const deviceName =
    knownClass === undefined ? undefined : crumbName(deviceId, device, device.data?.devName);
  return {
    ...(locationName !== undefined ? { location: locationName } : {}),
    ...(deviceName !== undefined ? { device: deviceName } : {}),
    ...(groupName !== undefined ? { group: groupName } : {}),
  };
}

const isNamed = (id: string): id is Named => id === 'location' || id === 'device' || id === 'group';

const crumbList = (added: Crumb | readonly Crumb[]): readonly Crumb[] =>
  Array.isArray(added) ? (added as readonly Crumb[]) : [added as Crumb];

/** Crumbs from the matched routes' handles, outermost first. */
export function BreadcrumbBar() {
  const matches = useRouteMatches();
  const names = useEntityNames(matches[matches.length - 1]?.params ?? {});
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const added = (match.route.handle as RouteHandle | undefined)?.crumb?.(match.params) ?? [];
    for (const crumb of crumbList(added)) {
      const known = isNamed(crumb.id) ? names[crumb.id] : undefined;
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

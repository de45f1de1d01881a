import { Group, Skeleton, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { LOCATION_TABS, locationPath, type LocationTab } from '../../../lib/paths';
import { LOCATION_TAB_LABELS } from '../../../lib/route-labels';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLocationSettings } from '../api/location-settings';
import { useRecordVisit } from '../api/record-visit';
import { LockIcon } from '../components/location-card';
import { LocationHeaderMenu } from '../components/location-header-menu';
import { NoPermissionDialog } from '../components/no-permission-dialog';

/** A location: header with its name and menu, then the six tabs of spec §2. */
export function LocationLayout() {
  const { locationId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = LOCATION_TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'devices';
  const settings = useLocationSettings(locationId);
  const name = settings.data?.general.locationName;
  useRecordVisit(locationId);
  usePageTitle(name ?? 'Location');

  if (settings.isError) return <NoPermissionDialog />;

  return (
    <>
      <Group justify="space-between" align="center" mb="sm" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {name ? (
            <Title order={1} size="h2" lineClamp={1}>
              {name}
            </Title>
          ) : (
            <Skeleton height={30} width={220} aria-label="Loading location" />
          )}
          {settings.data?.otltLock && <LockIcon />}
        </Group>
        {settings.data && (
          <LocationHeaderMenu siteId={locationId} permLvl={settings.data.permLvl} />
        )}
      </Group>
      <Tabs
        value={current}
        onChange={(value) => {
          if (value) void navigate(locationPath(locationId, value as LocationTab));
        }}
        mb="md"
      >
        {/* the six tabs wrap onto a second row on a tablet (768 px) rather than hide the last
            ones in a sideways scroll with nothing to show they are there */}
        <Tabs.List aria-label="Location pages" style={{ flexWrap: 'wrap' }}>
          {LOCATION_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} style={{ whiteSpace: 'nowrap' }}>
              {LOCATION_TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}

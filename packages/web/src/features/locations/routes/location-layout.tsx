import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { LOCATION_TABS, locationPath, type LocationTab } from '../../../app/paths';
import { LOCATION_TAB_LABELS } from '../../../app/route-labels';

/** A location's six tabs (spec §2); the tab contents arrive with later issues. */
export function LocationLayout() {
  const { locationId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = LOCATION_TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'devices';

  return (
    <>
      <Tabs
        value={current}
        onChange={(value) => {
          if (value) void navigate(locationPath(locationId, value as LocationTab));
        }}
        mb="md"
      >
        <Tabs.List aria-label="Location pages">
          {LOCATION_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {LOCATION_TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}

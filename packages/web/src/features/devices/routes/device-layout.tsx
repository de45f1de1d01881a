import { Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import {
  DEVICE_SECTIONS,
  devicePath,
  resolveDeviceSegments,
  type DeviceSection,
} from '../../../lib/paths';
import { DEVICE_SECTION_LABELS } from '../../../lib/route-labels';
import { deviceKeys } from '../api/device-keys';
import { DeviceGone } from '../components/device-gone';

/**
 * Whether the device's live stream said it was deleted from its location: its pages then give way
 * to a note, which also closes their live streams.
 */
function useDeviceRemoved(devId: string): boolean {
  return useQuery({
    queryKey: deviceKeys.removed(devId),
    queryFn: () => false,
    initialData: false,
    staleTime: Infinity,
  }).data;
}

/**
 * Device pages. Search results and alerts link class-first (/devices/{devClass}/{devId}) and a
 * joined device opens at /devices/{devClass}/{devId}/controls; both land on the canonical
 * /devices/{devId}/{devClass}/controls.
 */
export function DeviceLayout() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const locationId = params.locationId ?? '';
  const { deviceId, deviceClass, swapped } = resolveDeviceSegments(
    params.first ?? '',
    params.second ?? '',
  );
  const ref = { locationId, deviceId, deviceClass };
  const removed = useDeviceRemoved(deviceId);
  const base = devicePath(ref).replace(/\/controls$/, '');
  const rest = location.pathname.split('/').slice(6).join('/');
  const section = (DEVICE_SECTIONS as readonly string[]).includes(rest.split('/')[0] ?? '')
    ? (rest.split('/')[0] as DeviceSection)
    : undefined;

  if (swapped || !section) {
    const target = section ? `${base}/${rest}` : devicePath(ref);
    return <Navigate to={`${target}${location.search}`} replace />;
  }

  return (
    <>
      <Tabs
        value={section}
        onChange={(value) => {
          if (value) void navigate(devicePath(ref, value as DeviceSection));
        }}
        mb="md"
        keepMounted={false}
      >
        <Tabs.List aria-label="Device pages">
          {DEVICE_SECTIONS.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {DEVICE_SECTION_LABELS[s]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {removed ? <DeviceGone locationId={locationId} /> : <Outlet />}
    </>
  );
}

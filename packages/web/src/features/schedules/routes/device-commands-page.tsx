import { useParams } from 'react-router';
import { resolveDeviceSegments } from '../../../lib/paths';
import { SchedulesPanel } from '../components/schedules-panel';

/**
 * The device's Scheduled Commands tab (…/{deviceClass}/commands): the schedules touching the
 * device or its kids; Add starts with the device chosen.
 */
export function DeviceCommandsPage() {
  const params = useParams();
  const siteId = params.locationId ?? '';
  const { deviceId } = resolveDeviceSegments(params.first ?? '', params.second ?? '');
  return <SchedulesPanel key={`${siteId}/${deviceId}`} siteId={siteId} devId={deviceId} />;
}

import { DeviceRoutePage } from '../../../components/device-route';
import { SchedulesPanel } from '../components/schedules-panel';

/**
 * The device's Scheduled Commands tab (…/{deviceClass}/commands): the schedules touching the
 * device or its kids; Add starts with the device chosen.
 */
export function DeviceCommandsPage() {
  return (
    <DeviceRoutePage>
      {({ siteId, devId }) => <SchedulesPanel siteId={siteId} devId={devId} />}
    </DeviceRoutePage>
  );
}

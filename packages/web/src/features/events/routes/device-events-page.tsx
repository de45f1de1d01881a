import { DeviceRoutePage } from '../../../components/device-route';
import { DEVICE_ADMIN_LABELS } from '../../../lib/route-labels';
import { EventLog } from '../components/event-log';

/** View Events of the device administration (issue 13): the device's and its kids' events. */
export function DeviceEventsPage() {
  return (
    <DeviceRoutePage title={DEVICE_ADMIN_LABELS.events}>
      {({ siteId, devId }) => (
        <EventLog siteId={siteId} devId={devId} emptyMessage="No events for this device." />
      )}
    </DeviceRoutePage>
  );
}

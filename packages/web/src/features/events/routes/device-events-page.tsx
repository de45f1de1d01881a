import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { resolveDeviceSegments } from '../../../lib/paths';
import { DEVICE_ADMIN_LABELS } from '../../../lib/route-labels';
import { EventLog } from '../components/event-log';

/** View Events of the device administration (issue 13): the device's and its kids' events. */
export function DeviceEventsPage() {
  const params = useParams();
  const siteId = params.locationId ?? '';
  const { deviceId } = resolveDeviceSegments(params.first ?? '', params.second ?? '');
  return (
    <>
      <PageTitle title={DEVICE_ADMIN_LABELS.events} />
      <EventLog
        key={`${siteId}/${deviceId}`}
        siteId={siteId}
        devId={deviceId}
        emptyMessage="No events for this device."
      />
    </>
  );
}

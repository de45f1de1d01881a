import { useParams } from 'react-router';
import { EventLog } from '../components/event-log';

/** Event Logs tab of a location (issue 13): every event of the location. */
export function LocationEventsPage() {
  const { locationId = '' } = useParams();
  return (
    <EventLog key={locationId} siteId={locationId} emptyMessage="No events for this location." />
  );
}

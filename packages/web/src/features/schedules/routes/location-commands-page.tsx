import { useParams } from 'react-router';
import { SchedulesPanel } from '../components/schedules-panel';

/** The location's Scheduled Commands tab (/locations/{id}/commands): every schedule there. */
export function LocationCommandsPage() {
  const { locationId = '' } = useParams();
  return <SchedulesPanel key={locationId} siteId={locationId} />;
}

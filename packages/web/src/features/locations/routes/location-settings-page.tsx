import { Stack } from '@mantine/core';
import { canManageLocation } from '@powerdeck/domain';
import { useParams } from 'react-router';
import { LoadingPanel } from '../../../components/loading-panel';
import { useSession } from '../../auth';
import { useLocationSettings } from '../api/location-settings';
import { AlertSettingsSection } from '../components/settings/alert-settings-section';
import { EnergySection } from '../components/settings/energy-section';
import { GeneralSettingsForm } from '../components/settings/general-settings-form';
import { DeleteSection, LockSection } from '../components/settings/lock-and-delete';
import { PeopleSection } from '../components/settings/people-section';

/** Location Settings tab: general, lock, permissions, energy, delete (owner/ADMIN edit). */
export function LocationSettingsPage() {
  const { locationId = '' } = useParams();
  const settings = useLocationSettings(locationId);
  const selfId = useSession().data?.userId ?? '';
  // A load failure is handled by the layout's No Permission dialog.
  if (!settings.data)
    return settings.isPending ? <LoadingPanel label="Loading settings..." /> : null;
  const view = settings.data;
  const manage = canManageLocation(view.permLvl);
  return (
    <Stack gap="md">
      <GeneralSettingsForm key={JSON.stringify(view.general)} view={view} canEdit={manage} />
      {manage && <LockSection siteId={locationId} locked={view.otltLock} />}
      <PeopleSection siteId={locationId} canEdit={manage} selfId={selfId} />
      <EnergySection siteId={locationId} canEdit={manage} />
      <AlertSettingsSection siteId={locationId} canEdit={manage} />
      {manage && <DeleteSection siteId={locationId} name={view.general.locationName} />}
    </Stack>
  );
}

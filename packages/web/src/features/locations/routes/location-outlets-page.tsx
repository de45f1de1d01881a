import { Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  getDeviceSpec,
  messages,
  type DeviceListItem,
  type DeviceOutlet,
  type PermLvl,
} from '@powerdeck/domain';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import {
  MonitoringPausedModal,
  OutletsLockedNote,
  deviceGroupsOf,
  useDeviceSet,
  type DeviceGroup,
  type OutletControls,
} from '../../devices';
import { useLocationOutlets } from '../api/location-outlets';
import { useLocationSettings } from '../api/location-settings';
import { DeviceOutletsCard } from '../components/device-outlets-card';

const NO_OUTLETS: readonly DeviceOutlet[] = [];

const hasOutlets = (group: DeviceGroup) =>
  [group.parent, ...group.kids].some((d) => getDeviceSpec(d.devClass).outletCount > 0);

/** The location's devices that have outlets (themselves or through their kids). */
function useOutletGroups(records: readonly DeviceListItem[] | undefined) {
  return useMemo(() => {
    const groups = deviceGroupsOf(records ?? []).filter(hasOutlets);
    const outlets = new Map((records ?? []).map((r) => [r.devId, r.outlets ?? NO_OUTLETS]));
    return { groups, outletsOf: (devId: string) => outlets.get(devId) ?? NO_OUTLETS };
  }, [records]);
}

/** The tab's content once the device list is in: live outlets of every device. */
function LocationOutlets({
  siteId,
  records,
  locationLocked,
  permLvl,
  onDeviceChange,
}: {
  siteId: string;
  records: readonly DeviceListItem[];
  locationLocked: boolean;
  permLvl: PermLvl;
  onDeviceChange: () => void;
}) {
  // A search result may bring its keyword along, as it does to the device panel.
  const [searchParams] = useSearchParams();
  const [keyword, setKeyword] = useState(searchParams.get('keyword') ?? '');
  const { groups, outletsOf } = useOutletGroups(records);
  const set = useDeviceSet({
    siteId,
    groups,
    monitorKey: `location:${siteId}`,
    onDeviceChange,
  });
  const controls: OutletControls = {
    locationLocked,
    state: set.state,
    data: set.data,
    actions: set.outlets,
  };
  if (groups.length === 0) return <EmptyState message="This location has no outlets yet." />;
  return (
    <>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          Every outlet of this location, live. Switch or cycle it here or on its device.
        </Text>
        <TextInput
          size="xs"
          w={240}
          placeholder="Find an outlet label"
          aria-label="Find an outlet label"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
        />
      </Group>
      {locationLocked && <OutletsLockedNote />}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {groups.map((group) => (
          <DeviceOutletsCard
            key={group.parent.devId}
            siteId={siteId}
            group={group}
            outletsOf={outletsOf}
            controls={controls}
            keyword={keyword}
            permLvl={permLvl}
            targetOf={set.targetOf}
            onEdited={onDeviceChange}
          />
        ))}
      </SimpleGrid>
      <MonitoringPausedModal opened={set.monitor.paused} onResume={set.resume} />
    </>
  );
}

/**
 * All Outlets tab: every outlet of the location with its device and labels, switched and cycled
 * as on the device panel (one implementation: the devices feature's OutletRow and useDeviceSet).
 */
export function LocationOutletsPage() {
  const { locationId = '' } = useParams();
  const list = useLocationOutlets(locationId);
  const settings = useLocationSettings(locationId);
  if (list.isPending || settings.isPending) return <LoadingPanel label="Loading outlets..." />;
  if (list.isError) {
    return (
      <ErrorBanner message={messages.loadDeviceInfoFailed} onRetry={() => void list.refetch()} />
    );
  }
  return (
    <LocationOutlets
      key={locationId}
      siteId={locationId}
      records={list.data.records}
      // The layout shows the No Permission dialog when settings fail; lock and restrict meanwhile.
      locationLocked={settings.data?.otltLock ?? true}
      permLvl={settings.data?.permLvl ?? 'CLIENT'}
      onDeviceChange={() => void list.refetch()}
    />
  );
}

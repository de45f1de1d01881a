import { Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canAddDevice } from '@powerdeck/domain';
import { IconNetwork } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { AddDeviceModal } from '../../add-device';
import { useLocationNetwork } from '../api/network-api';
import { useLocationTimeText } from '../components/location-time';
import { NetworkDeviceCard } from '../components/network-device-card';
import { PingTargetsModal } from '../components/ping-targets-modal';
import { networkTexts } from '../network-texts';

/** Network Management tab of a location (issue 15). */
export function LocationNetworkPage() {
  const { locationId = '' } = useParams();
  return <NetworkView key={locationId} siteId={locationId} />;
}

function NetworkView({ siteId }: { siteId: string }) {
  const network = useLocationNetwork(siteId);
  const timeText = useLocationTimeText(siteId);
  const [editing, setEditing] = useState<string | null>(null);
  const [joinOpened, join] = useDisclosure(false);

  if (network.isError && !network.data) {
    return <ErrorBanner message={networkTexts.loadFailed} onRetry={() => void network.refetch()} />;
  }
  if (!network.data) return <LoadingPanel label="Loading the network..." />;
  const { devices, canEdit, permLvl } = network.data;
  if (devices.length === 0) {
    return <EmptyState icon={<IconNetwork aria-hidden />} message={networkTexts.noDevices} />;
  }
  const edited = devices.find((d) => d.devId === editing);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {networkTexts.intro}
        {!canEdit && ` ${networkTexts.readOnly}`}
      </Text>
      {devices.map((device) => (
        <NetworkDeviceCard
          key={device.devId}
          siteId={siteId}
          device={device}
          canEdit={canEdit}
          canJoin={canAddDevice(permLvl)}
          timeText={timeText}
          onEditPing={() => setEditing(device.devId)}
          onJoin={join.open}
        />
      ))}
      {canEdit && edited && (
        <PingTargetsModal siteId={siteId} device={edited} opened onClose={() => setEditing(null)} />
      )}
      <AddDeviceModal
        siteId={siteId}
        opened={joinOpened}
        onClose={join.close}
        initialTab="wireless"
      />
    </Stack>
  );
}

import { DeviceRoutePage } from '../../../components/device-route';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  canUpdateFirmware,
  messages,
  type DeviceClass,
  type DeviceFirmware,
} from '@powerdeck/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { DEVICE_ADMIN_LABELS } from '../../../lib/route-labels';
import { useDeviceMeta } from '../../devices';
import { useDeviceFirmware, useFirmwareLive, useUpgradeDevice } from '../api/firmware-api';
import { firmwareTexts } from '../components/firmware-texts';
import { ReleaseNotes } from '../components/release-notes';
import { UpdateDeviceModal } from '../components/update-device-modal';
import { UpgradeHistory } from '../components/upgrade-history';
import { CurrentUpgrade } from '../components/current-upgrade';
import { hasEnded } from '../state/upgrade-cache';

/** Manage Firmware of the device administration (issue 14). */
export function DeviceFirmwarePage() {
  return (
    <DeviceRoutePage title={DEVICE_ADMIN_LABELS.firmware}>
      {(device) => <FirmwareView {...device} />}
    </DeviceRoutePage>
  );
}

/** Why the Update button is disabled, if it is. */
function blockedBecause(firmware: DeviceFirmware, permitted: boolean | undefined): string | null {
  if (permitted === false) return firmwareTexts.clientDisabled;
  if (!firmware.connected) return messages.deviceInactive;
  if (firmware.upgrade && !hasEnded(firmware.upgrade)) return firmwareTexts.underWay;
  return null;
}

function FirmwareView({
  siteId,
  devClass,
  devId,
}: {
  siteId: string;
  devClass: DeviceClass;
  devId: string;
}) {
  const firmware = useDeviceFirmware(siteId, devId);
  const meta = useDeviceMeta(siteId, devClass, devId);
  const upgrade = useUpgradeDevice(siteId);
  const [confirmOpened, confirm] = useDisclosure(false);
  // The upgrade followed on this page: one under way, or one that ended while it was open.
  const [followed, setFollowed] = useState<string | null>(null);
  useFirmwareLive(siteId);

  if (firmware.isError) {
    return (
      <ErrorBanner message={messages.someErrorOccured} onRetry={() => void firmware.refetch()} />
    );
  }
  if (!firmware.data) return <LoadingPanel />;
  const data = firmware.data;
  const latest = data.upgrade;
  if (latest && !hasEnded(latest) && followed !== latest.id) setFollowed(latest.id);
  const shown = latest && (!hasEnded(latest) || latest.id === followed) ? latest : null;

  const permitted = meta.data ? canUpdateFirmware(meta.data.permLvl) : undefined;
  const blocked = blockedBecause(data, permitted);
  const canOffer = data.updateAvailable && data.latestVersion !== null;

  let standing: string;
  if (data.images.length === 0) standing = firmwareTexts.noImages;
  else if (data.fwVer === null) standing = firmwareTexts.unknownVersion;
  else if (!data.updateAvailable) standing = firmwareTexts.upToDate;
  else standing = `Firmware ${data.latestVersion} is available.`;

  const start = () => {
    upgrade.mutate(devId, {
      onSuccess: (started) => {
        setFollowed(started.id);
        confirm.close();
      },
    });
  };

  return (
    <Stack gap="md" maw={960}>
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Group gap="xl" align="flex-start">
            <Version label="Current version" value={data.fwVer ?? 'Unknown'} />
            <Version label="Latest available" value={data.latestVersion ?? '—'} />
            {canOffer ? (
              <Badge variant="light" color="blue" mt={4}>
                Update available
              </Badge>
            ) : (
              data.fwVer !== null &&
              data.latestVersion !== null && (
                <Badge variant="light" color="teal" mt={4}>
                  Up to date
                </Badge>
              )
            )}
          </Group>
          {canOffer && (
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={blocked !== null || permitted === undefined}
              onClick={() => {
                upgrade.reset();
                confirm.open();
              }}
            >
              Update Firmware
            </Button>
          )}
        </Group>
        <Text size="sm" mt="sm">
          {standing}
        </Text>
        {canOffer && blocked && (
          <Text size="sm" c="dimmed" mt={4}>
            {blocked}
          </Text>
        )}
      </Paper>
      {shown && <CurrentUpgrade upgrade={shown} />}
      <ReleaseNotes images={data.images} fwVer={data.fwVer} />
      <UpgradeHistory siteId={siteId} devId={devId} />
      {data.latestVersion !== null && (
        <UpdateDeviceModal
          opened={confirmOpened}
          devName={data.devName}
          fromVersion={data.fwVer}
          toVersion={data.latestVersion}
          pending={upgrade.isPending}
          error={upgrade.error}
          onConfirm={start}
          onClose={confirm.close}
        />
      )}
    </Stack>
  );
}

function Version({ label, value }: { label: string; value: string }) {
  return (
    <div role="group" aria-label={label}>
      <Text size="sm" c="dimmed" aria-hidden>
        {label}
      </Text>
      <Title order={2} size="h3">
        {value}
      </Title>
    </div>
  );
}

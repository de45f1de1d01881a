import { DeviceRoutePage } from '../../../components/device-route';
import { Alert, Stack } from '@mantine/core';
import {
  type DeviceClass,
  type DeviceOutlet,
  canChangeDeviceSettings,
  getDeviceSpec,
  messages,
} from '@powerdeck/domain';
import { IconLock } from '@tabler/icons-react';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { type PanelDevice, outletLabels, useDeviceMeta } from '../../devices';
import type { SettingsTarget } from '../api/device-settings-api';
import { DeviceSettingsCard } from '../components/device-settings-card';
import type { OutletChoice } from '../components/form-parts';
import { settingsTexts } from '../settings-texts';

/**
 * Device admin Settings (issue 14): the settings of the device and of each device attached to it,
 * each as its class's catalog entry describes them; CLIENT sees them read-only.
 */
export function DeviceSettingsPage() {
  return (
    <DeviceRoutePage errorMessage={messages.deviceSettingsFailed}>
      {(device) => <SettingsView {...device} />}
    </DeviceRoutePage>
  );
}

function outletChoices(device: PanelDevice, outlets: readonly DeviceOutlet[]): OutletChoice[] {
  return outlets.map((outlet) => {
    const labels = outletLabels(device, outlet);
    return {
      otlt: outlet.otltId,
      name: `${outlet.otltId}. ${labels.length > 0 ? labels.join(' / ') : `Outlet ${outlet.otltId}`}`,
    };
  });
}

function SettingsView({
  siteId,
  devClass,
  devId,
}: {
  siteId: string;
  devClass: DeviceClass;
  devId: string;
}) {
  const meta = useDeviceMeta(siteId, devClass, devId);
  if (meta.isError) {
    return (
      <ErrorBanner message={messages.deviceSettingsFailed} onRetry={() => void meta.refetch()} />
    );
  }
  if (!meta.data) return <LoadingPanel />;
  const { data } = meta;
  const readOnly = !canChangeDeviceSettings(data.permLvl);
  const parent: PanelDevice = {
    devId: data.devId,
    devClass: data.devClass,
    name: data.devName,
    isKid: false,
  };
  const page = { siteId: data.siteId, devClass: data.devClass, devId: data.devId };
  const cards: {
    target: SettingsTarget;
    device: PanelDevice;
    outlets: readonly DeviceOutlet[];
  }[] = [
    { target: page, device: parent, outlets: data.outlets },
    ...data.kids.map((kid) => ({
      target: { ...page, kid: { devClass: kid.devClass, devId: kid.devId } },
      device: { devId: kid.devId, devClass: kid.devClass, name: kid.info.name, isKid: true },
      outlets: kid.info.otlts,
    })),
  ];
  return (
    <Stack gap="md">
      <PageTitle title={settingsTexts.title} />
      {readOnly && (
        <Alert color="gray" variant="light" icon={<IconLock aria-hidden />}>
          {settingsTexts.readOnly}
        </Alert>
      )}
      {cards.map(({ target, device, outlets }) => (
        <DeviceSettingsCard
          key={device.devId}
          target={target}
          spec={getDeviceSpec(device.devClass)}
          name={device.name}
          outlets={outletChoices(device, outlets)}
          readOnly={readOnly}
        />
      ))}
    </Stack>
  );
}

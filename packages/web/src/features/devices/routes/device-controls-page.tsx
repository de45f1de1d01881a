import { DeviceRoutePage } from '../../../components/device-route';
import { Alert, Grid, Stack } from '@mantine/core';
import { getDeviceSpec, messages, type DeviceClass } from '@powerdeck/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { DeviceCard } from '../components/device-card';
import { AboutModal, MonitoringPausedModal, RebootModal } from '../components/device-modals';
import { DevicePanelContext } from '../components/device-panel-context';
import { EditNameModal } from '../components/edit-name-modal';
import { toEditOutlets } from '../components/edit-outlets-form';
import { EditOutletsModal } from '../components/edit-outlets-modal';
import { OutletPanel } from '../components/outlet-panel';
import { MeterPanel } from '../components/readings';
import { WattagePanel } from '../components/wattage-panel';
import { useDevicePanel, useDevicePanelActions, type DevicePanel } from '../hooks/use-device-panel';

/** Device Controls (spec §2 Device control panel): /locations/{id}/devices/{devId}/{class}/controls. */
export function DeviceControlsPage() {
  return <DeviceRoutePage>{(device) => <DeviceControls {...device} />}</DeviceRoutePage>;
}

function DeviceControls({
  siteId,
  devClass,
  devId,
}: {
  siteId: string;
  devClass: DeviceClass;
  devId: string;
}) {
  const [searchParams] = useSearchParams();
  const keyword = searchParams.get('keyword') ?? '';
  const panel = useDevicePanel(siteId, devClass, devId);
  const actions = useDevicePanelActions(panel);
  const [modal, setModal] = useState<'about' | 'reboot' | 'editOutlets' | null>(null);
  const { meta, metaQuery, data, dispatch } = panel;

  if (metaQuery.isError) {
    return (
      <ErrorBanner message={messages.someErrorOccured} onRetry={() => void metaQuery.refetch()} />
    );
  }
  if (!meta || !actions) return <LoadingPanel />;

  const spec = getDeviceSpec(meta.devClass);
  const value: DevicePanel = { ...panel, meta, actions };
  const own = panel.panel;
  const sidePanels = spec.panels.meter || spec.panels.wattage;

  return (
    <DevicePanelContext.Provider value={value}>
      <Stack gap="md">
        {data.statusError && <ErrorBanner message={messages.someErrorOccured} />}
        {data.kidsError && (
          <ErrorBanner
            message={messages.loadKidsInfoFailed}
            onRetry={() => window.location.reload()}
          />
        )}
        {!data.connected[meta.devId] && data.contact[meta.devId] && (
          <Alert color="gray" variant="light" role="status">
            {messages.deviceInactive}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <Stack gap="md">
              <DeviceCard
                onEditName={() =>
                  dispatch({ type: 'renameStart', devId, oldDeviceName: meta.devName })
                }
                onAbout={() => setModal('about')}
                onReboot={() => setModal('reboot')}
              />
              {sidePanels && spec.panels.meter && (
                <MeterPanel devClass={meta.devClass} status={data.status[meta.devId]} />
              )}
              {spec.panels.wattage && <WattagePanel status={data.status[meta.devId]} />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            {spec.panels.outlets ? (
              <OutletPanel
                keyword={keyword}
                onEditOutlets={() => {
                  dispatch({ type: 'editOutletsStart', devId });
                  setModal('editOutlets');
                }}
              />
            ) : (
              <Alert color="gray">{messages.featureNotAvailable}</Alert>
            )}
          </Grid.Col>
        </Grid>
      </Stack>
      <EditNameModal
        opened={own.editDevice.editing}
        oldName={own.editDevice.oldDeviceName}
        saving={own.editDevice.saving}
        error={own.editDevice.error}
        onCancel={() => dispatch({ type: 'renameCancel', devId })}
        onSave={actions.rename}
      />
      <EditOutletsModal
        opened={modal === 'editOutlets' && own.editOutlet.editing}
        meta={meta}
        onCancel={() => {
          dispatch({ type: 'editOutletsCancel', devId });
          setModal(null);
        }}
        onSave={(values) => {
          const { edit, kidNames } = toEditOutlets(meta, values);
          actions.saveOutlets(edit, kidNames);
        }}
      />
      <AboutModal opened={modal === 'about'} onClose={() => setModal(null)} />
      {spec.panels.reboot && (
        <RebootModal
          card={meta.devClass === 'cv3' ? 'cv3' : 'cv2'}
          opened={modal === 'reboot'}
          onClose={() => setModal(null)}
          onConfirm={actions.reboot}
        />
      )}
      <MonitoringPausedModal opened={own.monitor.paused} onResume={actions.resume} />
    </DevicePanelContext.Provider>
  );
}

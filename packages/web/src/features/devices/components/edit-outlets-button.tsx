import { Button } from '@mantine/core';
import { canEditOutlets, getDeviceSpec, type PermLvl } from '@powerdeck/domain';
import { IconEdit } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ControlTarget } from '../api/device-controls';
import { deviceKeys } from '../api/device-keys';
import { saveErrorMessage, saveOutletEdits, toastError } from '../hooks/outlet-actions';
import { useDeviceMeta, type PanelDevice } from '../hooks/use-device-data';
import { toEditOutlets } from './edit-outlets-form';
import { EditOutletsModal } from './edit-outlets-modal';

/**
 * 'Edit Outlets' ('Edit Outputs' for dc12ip) of a device shown outside its panel: the same form and
 * save as the panel's, disabled for CLIENT (spec §6). The device's meta is read when it opens.
 */
export function EditOutletsButton({
  siteId,
  device,
  permLvl,
  targetOf,
  onSaved,
}: {
  siteId: string;
  device: PanelDevice;
  permLvl: PermLvl;
  targetOf: (device: PanelDevice) => ControlTarget;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const meta = useDeviceMeta(siteId, device.devClass, device.devId, { enabled: opened });
  const title = getDeviceSpec(device.devClass).editOutletsTitle;
  const close = () => setOpened(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconEdit size={14} aria-hidden />}
        disabled={!canEditOutlets(permLvl)}
        loading={opened && meta.isPending}
        aria-label={`${title} of ${device.name}`}
        onClick={() => setOpened(true)}
      >
        {title}
      </Button>
      {meta.data && (
        <EditOutletsModal
          opened={opened}
          meta={meta.data}
          onCancel={close}
          onSave={(values) => {
            if (!meta.data) return;
            const { edit, kidNames } = toEditOutlets(meta.data, values);
            saveOutletEdits(edit, kidNames, targetOf)
              .then(() => {
                void queryClient.invalidateQueries({ queryKey: deviceKeys.meta(device.devId) });
                onSaved();
              })
              // As on the panel, a failed save closes the form with the reason.
              .catch((error: unknown) => toastError(saveErrorMessage(error)))
              .finally(close);
          }}
        />
      )}
    </>
  );
}

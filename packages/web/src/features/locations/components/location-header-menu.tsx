import { ActionIcon, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canAddDevice, canUpdateFirmware, canUseNotes, type PermLvl } from '@powerdeck/domain';
import { IconDeviceDesktopPlus, IconDots, IconDownload, IconNotes } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { locationPath } from '../../../lib/paths';
import { AddDeviceModal } from '../../add-device';
import { LocationFirmwareModal } from '../../firmware';

/**
 * The location header menu (spec §2): Update Firmware and Add a Device (both disabled for CLIENT,
 * spec §6) and Notes (non-CLIENT). Update Firmware, hidden in the spec, is shown now that it does
 * something (issue 14); Add Location to Watchlist and Mute Notifications for Location are hidden.
 */
export function LocationHeaderMenu({ siteId, permLvl }: { siteId: string; permLvl: PermLvl }) {
  const navigate = useNavigate();
  const [addOpened, addDevice] = useDisclosure(false);
  const [firmwareOpened, firmware] = useDisclosure(false);
  return (
    <>
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label="Location menu">
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!canUpdateFirmware(permLvl)}
            onClick={firmware.open}
          >
            Update Firmware
          </Menu.Item>
          <Menu.Item
            leftSection={<IconDeviceDesktopPlus size={16} aria-hidden />}
            disabled={!canAddDevice(permLvl)}
            onClick={addDevice.open}
          >
            Add a Device
          </Menu.Item>
          {canUseNotes(permLvl) && (
            <Menu.Item
              leftSection={<IconNotes size={16} aria-hidden />}
              onClick={() => void navigate(locationPath(siteId, 'notes'))}
            >
              Notes
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <AddDeviceModal siteId={siteId} opened={addOpened} onClose={addDevice.close} />
      <LocationFirmwareModal siteId={siteId} opened={firmwareOpened} onClose={firmware.close} />
    </>
  );
}

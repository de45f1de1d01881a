import { ActionIcon, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canAddDevice, canUseNotes, type PermLvl } from '@powerdeck/domain';
import { IconDeviceDesktopPlus, IconDots, IconNotes } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { locationPath } from '../../../lib/paths';
import { AddDeviceModal } from '../../add-device';

/**
 * The location header menu (spec §2): Add a Device (disabled for CLIENT) and Notes (non-CLIENT).
 * Update Firmware, Add Location to Watchlist and Mute Notifications for Location are hidden.
 */
export function LocationHeaderMenu({ siteId, permLvl }: { siteId: string; permLvl: PermLvl }) {
  const navigate = useNavigate();
  const [addOpened, addDevice] = useDisclosure(false);
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
    </>
  );
}

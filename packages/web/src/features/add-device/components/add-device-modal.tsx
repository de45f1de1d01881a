import { Modal, Tabs } from '@mantine/core';
import { useState } from 'react';
import { EthernetTab } from './ethernet-tab';
import { WirelessTab } from './wireless-tab';

export interface AddDeviceModalProps {
  siteId: string;
  opened: boolean;
  onClose: () => void;
  /** The tab it opens on (default Add Ethernet Device). */
  initialTab?: 'ethernet' | 'wireless';
}

/** Add a New Device (spec §2 Modals): tabs Add Ethernet Device and Add Wireless Device. */
export function AddDeviceModal({
  siteId,
  opened,
  onClose,
  initialTab = 'ethernet',
}: AddDeviceModalProps) {
  const [tab, setTab] = useState<string | null>(initialTab);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add a New Device"
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="ethernet">Add Ethernet Device</Tabs.Tab>
          <Tabs.Tab value="wireless">Add Wireless Device</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="ethernet">
          <EthernetTab siteId={siteId} onAdded={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="wireless">
          <WirelessTab siteId={siteId} onJoined={onClose} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}

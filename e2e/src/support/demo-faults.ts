/**
 * Faults of the demo fleet in the end-to-end server (DEMO_FAULTS): the vt4315 of the Redwood Wine
 * Cellar fails its next firmware upgrade with a corrupted image (found when the device verifies
 * it), and a host stops answering one device's pings. Demo device ids are fixed by the demo plan.
 */
export const FAILING_UPGRADE = {
  location: 'Redwood Wine Cellar',
  devId: '1065A34B1341',
  reasonText: 'Corrupted image',
} as const;

/**
 * The m4315 of Pinecrest Clubhouse cannot reach 192.0.2.1 (a documentation address): a ping
 * target there fails, and an auto-reboot follows.
 */
export const UNREACHABLE_HOST = {
  location: 'Pinecrest Clubhouse',
  devId: '1065A34B11FE',
  host: '192.0.2.1',
} as const;

/** Harbor View Lobby's m4315 reports its uplink through outlet 8 (its 'Modem'). */
export const MODEM_OUTLET = {
  location: 'Harbor View Lobby',
  devId: '1065A34B1000',
  otlt: 8,
} as const;

export const DEMO_FAULTS = [
  `firmware:${FAILING_UPGRADE.devId}:corruptedImage`,
  `ping:${UNREACHABLE_HOST.devId}:${UNREACHABLE_HOST.host}`,
].join(',');

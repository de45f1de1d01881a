/**
 * Faults of the demo fleet in the end-to-end server (DEMO_FAULTS): the vt4315 of the Redwood Wine
 * Cellar fails its next firmware upgrade with a corrupted image (found when the device verifies
 * it). Demo device ids are fixed by the demo plan.
 */
export const FAILING_UPGRADE = {
  location: 'Redwood Wine Cellar',
  devId: '1065A34B1341',
  reasonText: 'Corrupted image',
} as const;

export const DEMO_FAULTS = `firmware:${FAILING_UPGRADE.devId}:corruptedImage`;

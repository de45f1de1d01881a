import { defineFamily, METERED_TRAITS } from '../define-family';

/**
 * VT1512/VT4315 sequencing outlet controllers. Their sequence acts on a "Sequence - Group"
 * (vt1512) or on the outlets of the "DC Trigger" (vt4315), spec §8.
 */
export const vtFamily = {
  family: 'vt',
  specs: [
    ...defineFamily('vt', { ...METERED_TRAITS, sequence: { groupLabel: 'Sequence - Group' } }, [
      { devClass: 'vt1512', displayName: 'VT1512 power sequencer', outletCount: 12 },
    ]).specs,
    ...defineFamily('vt', { ...METERED_TRAITS, sequence: { groupLabel: 'DC Trigger' } }, [
      { devClass: 'vt4315', displayName: 'VT4315 power sequencer', outletCount: 8 },
    ]).specs,
  ],
} as const;

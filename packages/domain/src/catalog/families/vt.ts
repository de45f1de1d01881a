import {
  defineFamily,
  METER_AND_OUTLETS,
  meterStatusColumns,
  OUTLET_TITLES,
  outletColumns,
  STANDARD_AUTO_STATUS_UPDATE,
} from '../define-family';
import type { FamilyTraits } from '../define-family';

const traits: Omit<FamilyTraits, 'sequence'> = {
  bankLabelCount: 1,
  panels: METER_AND_OUTLETS,
  ...OUTLET_TITLES,
  statusColumns: (outletCount) => [...meterStatusColumns, ...outletColumns(outletCount)],
  powerConditionLabels: [],
  wireless: false,
  autoStatusUpdate: STANDARD_AUTO_STATUS_UPDATE,
};

/**
 * VT1512/VT4315 sequencing outlet controllers. Their sequence acts on a "Sequence - Group"
 * (vt1512) or on the outlets of the "DC Trigger" (vt4315), spec §8.
 */
export const vtFamily = {
  family: 'vt',
  specs: [
    ...defineFamily('vt', { ...traits, sequence: { groupLabel: 'Sequence - Group' } }, [
      { devClass: 'vt1512', displayName: 'VT1512 power sequencer', outletCount: 12 },
    ]).specs,
    ...defineFamily('vt', { ...traits, sequence: { groupLabel: 'DC Trigger' } }, [
      { devClass: 'vt4315', displayName: 'VT4315 power sequencer', outletCount: 8 },
    ]).specs,
  ],
} as const;

import {
  defineFamily,
  lastRefreshedColumn,
  NO_PANELS_BUT_OUTLETS,
  outletColumns,
  STANDARD_AUTO_STATUS_UPDATE,
} from '../define-family';
import { describeSettings } from '../device-settings';

/** DC12IP: 12 DC outputs, a total-wattage panel instead of the meter, and Efuse faults. */
export const dc12ipFamily = defineFamily(
  'dc12ip',
  {
    bankLabelCount: 1,
    panels: { ...NO_PANELS_BUT_OUTLETS, wattage: true },
    outletPanelTitle: 'Output',
    editOutletsTitle: 'Edit Outputs',
    statusColumns: (outletCount) => [
      lastRefreshedColumn,
      { field: 'tp', label: 'Total Wattage', format: 'wattage' },
      ...outletColumns(outletCount),
    ],
    powerConditionLabels: [],
    wireless: false,
    sequence: { groupLabel: 'Sequence - Group' },
    efuseOutputs: true,
    autoStatusUpdate: STANDARD_AUTO_STATUS_UPDATE,
    settings: describeSettings({
      events: ['outlet', 'cycle', 'sequence', 'fault', 'info'],
      sequenceGroup: 'Sequence - Group',
      cycleGroup: true,
      powerOn: true,
      clock: true,
    }),
  },
  [{ devClass: 'dc12ip', displayName: 'DC12IP DC power module', outletCount: 12 }],
);

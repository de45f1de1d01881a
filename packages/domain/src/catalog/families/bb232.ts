import {
  defineFamily,
  lastRefreshedColumn,
  NO_PANELS_BUT_OUTLETS,
  OUTLET_TITLES,
  STANDARD_AUTO_STATUS_UPDATE,
} from '../define-family';

/** BB232: the RS-232 adapter whose children are the CN-series sequencers (spec §2, §7). */
export const bb232Family = defineFamily(
  'bb232',
  {
    bankLabelCount: 1,
    panels: NO_PANELS_BUT_OUTLETS,
    ...OUTLET_TITLES,
    statusColumns: () => [lastRefreshedColumn],
    powerConditionLabels: [],
    wireless: false,
    sequence: null,
    autoStatusUpdate: STANDARD_AUTO_STATUS_UPDATE,
  },
  // Outlets belong to the attached sequencers.
  [{ devClass: 'bb232', displayName: 'BB232 sequencer adapter', outletCount: 0 }],
);

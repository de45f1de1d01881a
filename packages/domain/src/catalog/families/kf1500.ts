import {
  basicStatusColumns,
  defineFamily,
  KF1500_POWER_CONDITIONS,
  METER_AND_OUTLETS,
  OUTLET_TITLES,
  outletColumns,
  STANDARD_AUTO_STATUS_UPDATE,
} from '../define-family';
import { describeSettings } from '../device-settings';

const OUTLETS = 4;

/** MB1500/F1500/F1500-E battery backups: the View Status "kf1500 family" of spec §2. */
export const kf1500Family = defineFamily(
  'kf1500',
  {
    // The edit form shows three labels per banked outlet (name1, name2, optional name3).
    bankLabelCount: 3,
    // Battery on the stand-alone models too: they are the same battery backups, and Meter has battery.
    panels: { ...METER_AND_OUTLETS, battery: true },
    ...OUTLET_TITLES,
    statusColumns: (outletCount) => [
      ...basicStatusColumns,
      { field: 'battlevel', label: 'Battery', format: 'battery' },
      ...outletColumns(outletCount),
    ],
    powerConditionLabels: KF1500_POWER_CONDITIONS,
    wireless: false,
    sequence: null,
    autoStatusUpdate: STANDARD_AUTO_STATUS_UPDATE,
    settings: describeSettings({
      events: ['outlet', 'cycle', 'power', 'battery', 'fault', 'info'],
      cycleGroup: true,
      powerOn: true,
      clock: true,
    }),
  },
  [
    // Stand-alone models: same hardware as the card-attached variants, so the same 4 outlets.
    { devClass: 'mb1500', displayName: 'MB1500 battery backup', outletCount: OUTLETS },
    { devClass: 'f1500', displayName: 'F1500 UPS', outletCount: OUTLETS },
    { devClass: 'f1500e', displayName: 'F1500-E UPS', outletCount: OUTLETS },
    // Child variants attach to either network card (spec §1 names no restriction).
    {
      devClass: 'kmb1500',
      displayName: 'MB1500 battery backup on network card',
      outletCount: OUTLETS,
      parentClasses: ['cv2', 'cv3'],
    },
    {
      devClass: 'kf1500',
      displayName: 'F1500 UPS on network card',
      outletCount: OUTLETS,
      parentClasses: ['cv2', 'cv3'],
    },
    {
      devClass: 'kf1500e',
      displayName: 'F1500-E UPS on network card',
      outletCount: OUTLETS,
      parentClasses: ['cv2', 'cv3'],
    },
  ],
);

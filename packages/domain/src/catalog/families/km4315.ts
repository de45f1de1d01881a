import {
  basicStatusColumns,
  defineFamily,
  KM4315_POWER_CONDITIONS,
  METER_AND_OUTLETS,
  OUTLET_TITLES,
  outletColumns,
  STANDARD_AUTO_STATUS_UPDATE,
} from '../define-family';
import { describeSettings } from '../device-settings';

const OUTLETS = 8;

/** M4315/M4320 power conditioners: the View Status "km4315 family" of spec §2. */
export const km4315Family = defineFamily(
  'km4315',
  {
    bankLabelCount: 1,
    panels: METER_AND_OUTLETS,
    ...OUTLET_TITLES,
    statusColumns: (outletCount) => [
      ...basicStatusColumns,
      { field: 'avmfault', label: 'AVM Fault', format: 'text' },
      { field: 'wiringfault', label: 'Wire Fault', format: 'text' },
      { field: 'flashwrite', label: 'Flash Use', format: 'text' },
      { field: 'flashfail', label: 'Flash Fail', format: 'text' },
      { field: 'lastseqstate', label: 'Sequence State', format: 'text' },
      { field: 'temperature', label: 'Temperature', format: 'text' },
      { field: 'trig', label: 'Trigger', format: 'text' },
      { field: 'brkrfault', label: 'Breaker Fault', format: 'text' },
      ...outletColumns(outletCount),
    ],
    powerConditionLabels: KM4315_POWER_CONDITIONS,
    wireless: false,
    sequence: null,
    autoStatusUpdate: STANDARD_AUTO_STATUS_UPDATE,
    settings: describeSettings({
      // it reports its power-up sequence state, though the console runs no sequence on it
      events: ['outlet', 'cycle', 'power', 'sequence', 'fault', 'info'],
      cycleGroup: true,
      powerOn: true,
      clock: true,
    }),
  },
  [
    // Stand-alone models: same hardware as the card-attached variants, so the same 8 outlets.
    { devClass: 'm4315', displayName: 'M4315 power conditioner', outletCount: OUTLETS },
    { devClass: 'm4320', displayName: 'M4320 power conditioner', outletCount: OUTLETS },
    // Child variants attach to either network card (spec §1 names no restriction).
    {
      devClass: 'km4315',
      displayName: 'M4315 power conditioner on network card',
      outletCount: OUTLETS,
      parentClasses: ['cv2', 'cv3'],
    },
    {
      devClass: 'km4320',
      displayName: 'M4320 power conditioner on network card',
      outletCount: OUTLETS,
      parentClasses: ['cv2', 'cv3'],
    },
  ],
);

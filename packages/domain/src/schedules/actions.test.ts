import { describe, expect, it } from 'vitest';
import { DEVICE_CLASSES, type DeviceClass } from '../catalog/device-class';
import type { ScheduleAction } from '../validation/schedules';
import { scheduleActionsOf } from './actions';

const OUTLETS: ScheduleAction[] = ['on', 'off', 'cycle'];
const SEQUENCED: ScheduleAction[] = [...OUTLETS, 'sequenceOn', 'sequenceOff'];

/** Every class and what it can be scheduled to do. */
const EXPECTED: Record<DeviceClass, ScheduleAction[]> = {
  m4315: OUTLETS,
  m4320: OUTLETS,
  mb1500: OUTLETS,
  f1500: OUTLETS,
  f1500e: OUTLETS,
  // gateway and adapter: their outlets belong to the devices joined or attached to them
  bb1000: [],
  md2zb: OUTLETS,
  sp1000: OUTLETS,
  bb232: [],
  // the bb232 runs a CN sequencer's sequence (sequenceonoff)
  cn1800: SEQUENCED,
  cn2400: SEQUENCED,
  cn3600: SEQUENCED,
  cnmp15: SEQUENCED,
  cnmp20: SEQUENCED,
  m4000: OUTLETS,
  sm3: OUTLETS,
  c3ip: OUTLETS,
  vt1512: SEQUENCED,
  dc12ip: SEQUENCED,
  vt4315: SEQUENCED,
  // network cards: outlets belong to the attached unit; the card reboots
  cv2: ['reboot'],
  cv3: ['reboot'],
  km4315: OUTLETS,
  km4320: OUTLETS,
  kmb1500: OUTLETS,
  kf1500: OUTLETS,
  kf1500e: OUTLETS,
};

describe('scheduleActionsOf', () => {
  it('covers every device class', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...DEVICE_CLASSES].sort());
  });

  it.each(DEVICE_CLASSES)('%s: the actions its catalog entry allows', (devClass) => {
    expect(scheduleActionsOf(devClass)).toEqual(EXPECTED[devClass]);
  });
});

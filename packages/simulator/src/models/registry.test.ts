import { DEVICE_CLASSES, deviceStatusSchema, getDeviceSpec } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { ManualScheduler } from '../scheduler';
import { buildModel } from '../testing';
import { addKid, createModel } from './registry';

describe('model registry', () => {
  it.each(DEVICE_CLASSES)('%s reports a status the protocol accepts', (devClass) => {
    const { model } = buildModel(devClass);
    const status = model.status();
    expect(deviceStatusSchema.parse(status)).toEqual(status);
    expect(status.otlts).toHaveLength(getDeviceSpec(devClass).outletCount);
    expect(status.devClass).toBe(devClass);
  });

  it('attaches kids only where the catalog allows', () => {
    const scheduler = new ManualScheduler();
    const make = (devClass: 'cv2' | 'km4315' | 'sp1000', devId: string) =>
      createModel({ devClass, devId, seed: 1, scheduler });
    const card = make('cv2', '1065A3000010');
    addKid(card, make('km4315', '00000000A001'));
    expect(card.kids.map((k) => k.devClass)).toEqual(['km4315']);
    expect(() => addKid(card, make('sp1000', '00000000A002'))).toThrow(/cannot attach/);
  });

  it('is deterministic for a seed', () => {
    const a = buildModel('m4000', { seed: 42 }).model.status();
    const b = buildModel('m4000', { seed: 42 }).model.status();
    expect(a).toEqual(b);
  });
});

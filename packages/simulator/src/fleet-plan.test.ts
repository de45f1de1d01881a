import { DEVICE_CLASSES, getDeviceSpec, isDeviceId } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { Fleet } from './fleet';
import { TOP_LEVEL_CLASSES, planFleet } from './fleet-plan';
import { ManualScheduler } from './scheduler';

describe('fleet plan', () => {
  it('covers every class, kids included, with valid unique ids', () => {
    const plan = planFleet(TOP_LEVEL_CLASSES.length * 4, 9);
    const classes = new Set(plan.flatMap((p) => [p.devClass, ...p.kids.map((k) => k.devClass)]));
    expect([...classes].sort()).toEqual([...DEVICE_CLASSES].sort());
    const ids = plan.map((p) => p.devId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of plan) {
      expect(isDeviceId(p.devId)).toBe(true);
      for (const kid of p.kids) {
        expect(isDeviceId(kid.devId)).toBe(true);
        expect(getDeviceSpec(kid.devClass).parentClasses).toContain(p.devClass);
      }
    }
  });

  it('is the same for the same seed', () => {
    expect(planFleet(30, 5)).toEqual(planFleet(30, 5));
    expect(planFleet(30, 5)[0]?.devId).not.toBe(planFleet(30, 6)[0]?.devId);
  });

  it('builds one device per plan entry without connecting', () => {
    const fleet = new Fleet({
      mqttUrl: 'mqtt://unused',
      count: 40,
      scheduler: new ManualScheduler(),
    });
    const summary = fleet.summary();
    expect(summary).toMatchObject({ devices: 40, online: 0, published: 0 });
    expect(summary.kids).toBeGreaterThan(0);
  });
});

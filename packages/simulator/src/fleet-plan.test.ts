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

  it('builds a planned uplink outlet and units waiting to be discovered; host faults clear', () => {
    const fleet = new Fleet({
      mqttUrl: 'mqtt://unused',
      scheduler: new ManualScheduler(),
      plan: [
        {
          devId: '1065A3000200',
          devClass: 'bb232',
          name: 'Adapter',
          seed: 1,
          kids: [{ devId: '1065A3000201', devClass: 'cn1800', name: 'Known', seed: 2 }],
          undiscovered: [{ devId: '1065A3000202', devClass: 'cn2400', name: 'New', seed: 3 }],
        },
        {
          devId: '1065A3000300',
          devClass: 'm4315',
          name: 'Rack',
          seed: 4,
          kids: [],
          uplinkOtlt: 2,
        },
      ],
    });
    const adapter = fleet.get('1065A3000200')?.model;
    expect(adapter?.kids.map((k) => k.devId)).toEqual(['1065A3000201']);
    expect(adapter?.undiscovered.map((k) => k.devId)).toEqual(['1065A3000202']);
    expect(fleet.summary().kids).toBe(1);
    const rack = fleet.get('1065A3000300');
    expect(rack?.model.status().uplinkOtlt).toBe(2);

    fleet.injectFault('1065A3000300', { kind: 'host-down', host: 'Modem.lan' });
    fleet.injectFault('1065A3000200', { kind: 'discover', reason: 'noBus' });
    expect(rack?.model.hosts.answers('modem.lan')).toBe(false);
    expect(rack?.model.hosts.answers('8.8.8.8')).toBe(true);
    expect(adapter?.discoveryFault).toBe('noBus');
    rack?.clearFaults();
    fleet.get('1065A3000200')?.clearFaults();
    expect(rack?.model.hosts.answers('modem.lan')).toBe(true);
    expect(adapter?.discoveryFault).toBeUndefined();
  });
});

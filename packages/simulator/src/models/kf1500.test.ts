import { describe, expect, it } from 'vitest';
import { buildCommand, buildModel } from '../testing';
import type { Kf1500Model } from './kf1500';

const MINUTE = 60_000;

describe('battery backups', () => {
  it.each(['kf1500', 'kf1500e', 'kmb1500'] as const)(
    '%s discharges on battery when power is lost, keeping outlets at 120 V',
    async (devClass) => {
      const h = buildModel<Kf1500Model>(devClass);
      const before = h.model.batteryLevel();
      h.model.setPowerCondition('lost');
      await h.scheduler.advance(10 * MINUTE);
      const status = h.model.status();
      expect(status.battstate).toBe('discharging');
      expect(status.battlevel).toBeLessThan(before);
      expect(status.pwr_cond).toBe(4);
      expect(status.voltage).toBe(0);
      expect(status.voltage_out).toBeGreaterThan(118);
      expect(status.amperage).toBeGreaterThan(0);
      expect(h.events).toContainEqual(expect.objectContaining({ type: 'power', value: 4 }));
      expect(h.events).toContainEqual(
        expect.objectContaining({ type: 'battery', value: 'discharging' }),
      );
    },
  );

  it('recharges when power returns and reports full', async () => {
    const h = buildModel<Kf1500Model>('kf1500');
    h.model.setPowerCondition('lost');
    await h.scheduler.advance(5 * MINUTE);
    h.model.setPowerCondition('normal');
    expect(h.model.status().battstate).toBe('charging');
    await h.scheduler.advance(3 * 60 * MINUTE);
    expect(h.model.status()).toMatchObject({ battstate: 'full', battlevel: 1, pwr_cond: 0 });
  });

  it('leaves the outlets dead once the battery is empty; a cycle then fails', async () => {
    const h = buildModel<Kf1500Model>('kmb1500');
    for (let otlt = 1; otlt <= 4; otlt++) h.model.setLoad(otlt, 3);
    h.model.setPowerCondition('lost');
    await h.scheduler.advance(60 * MINUTE);
    expect(h.model.batteryLevel()).toBe(0);
    expect(h.model.status()).toMatchObject({ voltage_out: 0, amperage: 0 });
    expect(h.events).toContainEqual(expect.objectContaining({ type: 'battery', value: 'empty' }));
    const cycle = h.model.execute(buildCommand('cycleOutlet', { otlt: 1 }, { nowMs: 0 }));
    await h.scheduler.advance(10_000);
    expect(await cycle).toEqual({ ok: false, error: 'power-lost' });
  });

  it('regulates the outlets through a brownout without touching the battery', async () => {
    const h = buildModel<Kf1500Model>('f1500');
    h.model.setPowerCondition('under-voltage');
    await h.scheduler.advance(MINUTE);
    const status = h.model.status();
    expect(status.pwr_cond).toBe(2);
    expect(status.voltage).toBeLessThan(100);
    expect(status.voltage_out).toBeGreaterThan(114);
    expect(status.battstate).not.toBe('discharging');
  });
});

import { describe, expect, it } from 'vitest';
import { buildCommand, buildModel } from '../testing';
import type { Dc12ipModel } from './dc12ip';
import { dc12ipSupplyState } from './dc12ip';

/** Spreads `total` W over the twelve outputs (all on). */
function loadTo(model: Dc12ipModel, total: number) {
  for (let otlt = 1; otlt <= 12; otlt++) model.setLoad(otlt, total / 12);
}

describe('dc12ip total wattage', () => {
  it.each([
    [134, 'OK'],
    [135, 'Inhibit'],
    [149.9, 'Inhibit'],
    [150, 'Warning'],
    [164.9, 'Warning'],
    [165, 'Prioritize'],
  ] as const)('%s W is %s', (watts, state) => {
    expect(dc12ipSupplyState(watts)).toBe(state);
  });

  it('reports tp and spu from its outputs, and refuses to switch on when inhibited', async () => {
    const h = buildModel<Dc12ipModel>('dc12ip');
    loadTo(h.model, 134);
    expect(h.model.status()).toMatchObject({ spu: 'OK', sol: [] });
    expect(h.model.status().tp).toBeCloseTo(134, 0);
    const off = h.model.execute(buildCommand('setOutlet', { otlt: 12, state: 0 }, { nowMs: 0 }));
    await h.scheduler.advance(0);
    await off;
    loadTo(h.model, 144);
    expect(h.model.supplyState()).toBe('OK');
    h.model.setLoad(1, 24);
    expect(h.model.supplyState()).toBe('Inhibit');
    const on = h.model.execute(buildCommand('setOutlet', { otlt: 12, state: 1 }, { nowMs: 0 }));
    await h.scheduler.advance(0);
    expect(await on).toEqual({ ok: false, error: 'inhibited: Inhibit' });
  });

  it('warns from 150 W and, from 165 W, sheds outputs from the top and latches the fault', () => {
    const h = buildModel<Dc12ipModel>('dc12ip');
    loadTo(h.model, 150);
    expect(h.model.status().spu).toBe('Warning');
    loadTo(h.model, 165);
    const status = h.model.status();
    expect(status.spu).toBe('Prioritize');
    expect(status.sol).toEqual(['Output Overload Fault']);
    expect(h.model.totalWatts()).toBeLessThan(150);
    expect(status.otlts.slice(0, 10).every(Boolean)).toBe(true);
    expect(status.otlts.slice(10)).toEqual([false, false]);
    h.model.setOverload(1);
    loadTo(h.model, 100);
    expect(h.model.status()).toMatchObject({ spu: 'OK', sol: [] });
  });

  it('shuts down on a 12 V supply fault and reports Efuse faults per output', () => {
    const h = buildModel<Dc12ipModel>('dc12ip');
    h.model.tripEfuse(3);
    expect(h.model.status().efuse?.[2]).toBe(true);
    expect(h.model.status().otlts[2]).toBe(false);
    h.model.setSolFault('12V DC Supply Fault', true);
    expect(h.model.status()).toMatchObject({ spu: 'Shutdown', sol: ['12V DC Supply Fault'] });
    expect(h.model.outletStates().some(Boolean)).toBe(false);
  });
});

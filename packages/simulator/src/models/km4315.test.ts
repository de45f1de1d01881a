import { describe, expect, it } from 'vitest';
import { buildCommand, buildModel } from '../testing';

describe('km4315 family', () => {
  it('trips its breaker under overload and refuses to switch on until cleared', async () => {
    const h = buildModel('km4315');
    h.model.setOverload(5);
    const status = h.model.status();
    expect(status.brkrfault).toBe(true);
    expect(status.otlts.some(Boolean)).toBe(false);
    expect(status.amperage).toBe(0);
    const on = h.model.execute(buildCommand('setOutlet', { otlt: 1, state: 1 }, { nowMs: 0 }));
    await h.scheduler.advance(0);
    expect(await on).toMatchObject({ ok: false, error: 'refused: breaker tripped' });
    h.model.setOverload(1);
    expect(h.model.status().brkrfault).toBe(false);
  });

  it('raises the AVM fault on over-voltage and reports power condition codes 0-3', () => {
    const h = buildModel('m4320');
    h.model.setPowerCondition('over-voltage');
    expect(h.model.status()).toMatchObject({ avmfault: true, pwr_cond: 3 });
    expect(h.model.status().voltage).toBeGreaterThan(130);
    h.model.setPowerCondition('lost');
    expect(h.model.status().pwr_cond).toBeUndefined();
    h.model.setPowerCondition('normal');
    expect(h.model.status()).toMatchObject({ avmfault: false, pwr_cond: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { buildCommand, buildModel } from '../testing';

describe('outlet switching', () => {
  it('switches after the relay delay and reports the change', async () => {
    const h = buildModel('m4315', { timing: { switchDelayMs: [200, 200] } });
    const { model, scheduler } = h;
    const done = model.execute(buildCommand('setOutlet', { otlt: 2, state: 0 }, { nowMs: 0 }));
    await scheduler.advance(199);
    expect(model.outletStates()[1]).toBe(true);
    await scheduler.advance(1);
    expect(await done).toEqual({ ok: true, result: { otlt: 2, state: 0 } });
    expect(model.outletStates()[1]).toBe(false);
    expect(h.events.at(-1)).toMatchObject({ type: 'outlet', outlet: 2, value: 0 });
    expect(h.statuses.at(-1)).toMatchObject({ changed: true });
    expect(h.statuses.at(-1)?.status.otlts[1]).toBe(false);
  });

  it('refuses a locked outlet and an outlet that does not exist', async () => {
    const { model, scheduler } = buildModel('c3ip');
    const info = { otltId: 1, name1: 'Projector', locked: true };
    await model.execute(buildCommand('setOutletInfo', { outlets: [info] }, { nowMs: 0 }));
    const locked = model.execute(buildCommand('setOutlet', { otlt: 1, state: 0 }, { nowMs: 0 }));
    const missing = model.execute(buildCommand('setOutlet', { otlt: 4, state: 0 }, { nowMs: 0 }));
    await scheduler.advance(0);
    expect(await locked).toEqual({ ok: false, error: 'locked' });
    expect(await missing).toEqual({ ok: false, error: 'no-such-outlet' });
    expect(model.status().outlets?.[0]).toEqual(info);
  });

  it('an off outlet draws nothing and the meter stays near 120 V', () => {
    const { model } = buildModel('m4000');
    for (let otlt = 1; otlt <= 8; otlt++) model.setLoad(otlt, otlt === 1 ? 1 : 0);
    const status = model.status();
    expect(status.voltage).toBeGreaterThan(116);
    expect(status.voltage).toBeLessThan(124);
    expect(status.amperage).toBeGreaterThan(0.9);
    expect(status.amperage).toBeLessThan(1.1);
    expect(status.wattage).toBeLessThanOrEqual((status.voltage ?? 0) * (status.amperage ?? 0));
  });
});

describe('cycle', () => {
  it('goes off, waits the cycle time, then on', async () => {
    const h = buildModel('km4315', { timing: { cycleOffMs: 5000 } });
    const done = h.model.execute(buildCommand('cycleOutlet', { otlt: 4 }, { nowMs: 0 }));
    const start = h.scheduler.now();
    await h.scheduler.advance(4999);
    expect(h.model.outletStates()[3]).toBe(false);
    expect(h.model.status().cycling).toEqual([4]);
    await h.scheduler.advance(1);
    expect((await done).ok).toBe(true);
    const steps = h.events
      .filter((e) => e.outlet === 4)
      .map((e) => [e.type, e.value, e.at - start]);
    expect(steps).toEqual([
      ['cycle', 'in-progress', 0],
      ['outlet', 0, 0],
      ['outlet', 1, 5000],
      ['cycle', 'inactive', 5000],
    ]);
  });

  it('cycles a locked outlet (locks stop the toggle, not the cycle) and refuses while busy', async () => {
    const { model, scheduler } = buildModel('c3ip');
    await model.execute(
      buildCommand(
        'setOutletInfo',
        { outlets: [{ otltId: 2, name1: 'x', locked: true }] },
        { nowMs: 0 },
      ),
    );
    const cycle = model.execute(buildCommand('cycleOutlet', { otlt: 2 }, { nowMs: 0 }));
    const busy = model.execute(buildCommand('cycleGroup', {}, { nowMs: 0 }));
    await scheduler.advance(10_000);
    expect((await cycle).ok).toBe(true);
    expect(await busy).toEqual({ ok: false, error: 'busy' });
  });
});

describe('sequence', () => {
  it('powers the group on in order with the step delay', async () => {
    const h = buildModel('vt1512', { timing: { sequenceStepMs: 1000 } });
    await h.model.execute(
      buildCommand('settings', { values: { sequenceGroup: '1,2,3' } }, { nowMs: 0 }),
    );
    for (const otlt of [1, 2, 3]) {
      const off = h.model.execute(buildCommand('setOutlet', { otlt, state: 0 }, { nowMs: 0 }));
      await h.scheduler.advance(0);
      await off;
    }
    const start = h.scheduler.now();
    h.events.length = 0;
    const done = h.model.execute(buildCommand('sequence', { state: 1 }, { nowMs: 0 }));
    expect(h.model.status().lastseqstate).toBe('power-on');
    await h.scheduler.advance(2000);
    expect(await done).toMatchObject({ ok: true });
    const ons = h.events.filter((e) => e.type === 'outlet').map((e) => [e.outlet, e.at - start]);
    expect(ons).toEqual([
      [1, 0],
      [2, 1000],
      [3, 2000],
    ]);
    expect(h.model.status().lastseqstate).toBe('completed');
  });

  it('powers off in reverse order and reports failure when an outlet fails', async () => {
    const h = buildModel('m4315');
    h.model.failSequenceAt(6);
    const done = h.model.execute(buildCommand('sequence', { state: 0 }, { nowMs: 0 }));
    await h.scheduler.advance(20_000);
    expect(await done).toEqual({ ok: false, error: 'sequence-failed' });
    expect(h.model.outletStates()).toEqual([true, true, true, true, true, true, false, false]);
    expect(h.model.status().lastseqstate).toBe('failed');
    expect(h.events.at(-1)).toMatchObject({ type: 'sequence', value: 'failed', outlet: 6 });
  });

  it('refuses when nothing would change or no group is set', async () => {
    const { model, scheduler } = buildModel('dc12ip');
    const already = model.execute(buildCommand('sequence', { state: 1 }, { nowMs: 0 }));
    expect(await already).toEqual({ ok: false, error: 'already-in-state' });
    await model.execute(buildCommand('settings', { values: { sequenceGroup: '' } }, { nowMs: 0 }));
    const none = model.execute(buildCommand('sequence', { state: 0 }, { nowMs: 0 }));
    await scheduler.advance(0);
    expect(await none).toEqual({ ok: false, error: 'no-sequence-group' });
  });
});

describe('reporting', () => {
  it('reports every second during an auto status update, then every 30 s again', async () => {
    const h = buildModel('m4320');
    const result = await h.model.execute(
      buildCommand('autoStatusUpdate', { duration: 10 }, { nowMs: 0 }),
    );
    expect(result).toEqual({ ok: true, result: { interval: 1 } });
    const start = h.scheduler.now();
    h.statuses.length = 0;
    await h.scheduler.advance(10_000);
    expect(h.statuses).toHaveLength(10);
    expect(h.statuses[0]?.status.interval).toBe(1);
    h.statuses.length = 0;
    await h.scheduler.advance(60_000);
    const gaps = h.statuses.map((s) => s.at - start);
    expect(gaps).toEqual([40_000, 70_000]);
    expect(h.statuses.at(-1)?.status.interval).toBe(30);
  });

  it('keeps its own clock in Unix seconds', async () => {
    const { model, scheduler } = buildModel('sm3', { timing: { clockSkewMs: 2000 } });
    expect(model.sysTime()).toBe(Math.floor((scheduler.now() + 2000) / 1000));
    await scheduler.advance(61_000);
    expect(model.status().uptime).toBe(61);
  });
});

describe('device commands', () => {
  it('renames, and refuses Find Me where the class has none', async () => {
    const { model } = buildModel('m4315');
    expect(await model.execute(buildCommand('rename', { name: ' Stage ' }, { nowMs: 0 }))).toEqual({
      ok: true,
      result: { name: 'Stage' },
    });
    expect(model.status().name).toBe('Stage');
    expect(await model.execute(buildCommand('findMe', {}, { nowMs: 0 }))).toEqual({
      ok: false,
      error: 'not-supported',
    });
  });

  it('blinks Find Me on a wireless plug for 30 s', async () => {
    const h = buildModel('sp1000');
    expect((await h.model.execute(buildCommand('findMe', {}, { nowMs: 0 }))).ok).toBe(true);
    expect(h.model.status().findMe).toBe(true);
    await h.scheduler.advance(30_000);
    expect(h.model.status().findMe).toBe(false);
  });

  it('reboots: acks, goes down, refuses commands while down, then reports again', async () => {
    const h = buildModel('cv2', { timing: { rebootDownMs: 8000 } });
    expect((await h.model.execute(buildCommand('reboot', {}, { nowMs: 0 }))).ok).toBe(true);
    await h.scheduler.advance(0);
    expect(h.reboots).toEqual([8000]);
    expect(await h.model.execute(buildCommand('rename', { name: 'x' }, { nowMs: 0 }))).toEqual({
      ok: false,
      error: 'rebooting',
    });
    await h.scheduler.advance(8000);
    expect(h.model.status().uptime).toBe(0);
    expect(h.statuses.at(-1)?.changed).toBe(true);
  });
});

describe('credentials', () => {
  const secret = 'S'.repeat(43);

  it('a unit with a connection of its own takes the secret and hands it to its connection', async () => {
    const { model } = buildModel('m4315');
    const taken: string[] = [];
    model.attach({
      status: () => {},
      event: () => {},
      reboot: () => {},
      newSecret: (s) => taken.push(s),
    });
    const outcome = await model.execute(buildCommand('credentials', { secret }, { nowMs: 0 }));
    expect(outcome).toEqual({ ok: true });
    expect(taken).toEqual([secret]);
  });

  it('a unit without one (a kid) answers not-supported', async () => {
    const { model } = buildModel('m4315');
    const outcome = await model.execute(buildCommand('credentials', { secret }, { nowMs: 0 }));
    expect(outcome).toEqual({ ok: false, error: 'not-supported' });
  });
});

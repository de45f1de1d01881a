import { decodeDeviceSettings } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { buildCommand, buildModel } from '../testing';
import type { VtModel } from './vt';

const settings = (values: Record<string, string | number | boolean>) =>
  buildCommand('settings', { values }, { nowMs: 0 });

/** Switches an outlet on the test clock (relays take no time, but wait on it). */
async function switchTo(h: ReturnType<typeof buildModel>, otlt: number, state: 0 | 1) {
  const done = h.model.execute(buildCommand('setOutlet', { otlt, state }, { nowMs: 0 }));
  await h.scheduler.advance(0);
  return done;
}

/** The settings the device answers, decoded. */
async function read(h: ReturnType<typeof buildModel>) {
  const outcome = await h.model.execute(settings({}));
  if (!outcome.ok) throw new Error(outcome.error);
  return decodeDeviceSettings(outcome.result as Record<string, unknown>);
}

describe('device settings', () => {
  it('answers a read with every setting of its class, its name included', async () => {
    const h = buildModel('vt4315', { devId: '1065A3000042' });
    const { settings: values, invalid } = await read(h);
    expect(invalid).toEqual([]);
    expect(values).toMatchObject({
      name: 'VT4315 0042',
      statusIntervalSec: 30,
      cycleGroup: [1, 2, 3, 4, 5, 6, 7, 8],
      clockSource: 'ntp',
    });
    expect(values.sequenceGroup).toHaveLength(8);
    expect(values.powerOn).toEqual(Array(8).fill('last'));
  });

  it('applies a write and answers the new settings; refuses a bad one whole', async () => {
    const h = buildModel('vt1512');
    const ok = await h.model.execute(
      settings({ name: 'Amp rack', cycleGroup: '2,3', cycleOffSec: 8 }),
    );
    expect(ok).toMatchObject({ ok: true, result: { name: 'Amp rack', cycleGroup: '2,3' } });
    expect(h.model.status().name).toBe('Amp rack');
    expect(h.events.map((e) => [e.type, e.value])).toContainEqual(['info', 'settings']);

    const refusals = [
      [{ cycleGroup: '2,13' }, 'invalid: cycleGroup.1'],
      [{ colour: 'red' }, 'invalid: colour'],
      [{ battery: 'yes', cycleOffSec: 3 }, 'invalid: battery'],
      [{ statusIntervalSec: 600 }, 'invalid: statusIntervalSec'],
      [
        { ntpServer: 'time.example.invalid' },
        'invalid: ntpServer time.example.invalid does not answer',
      ],
    ] as const;
    for (const [values, error] of refusals) {
      expect(await h.model.execute(settings(values))).toEqual({ ok: false, error });
    }
    expect((await read(h)).settings).toMatchObject({ cycleGroup: [2, 3], cycleOffSec: 8 });
  });

  it('refuses a cycle group beyond outlet 8 on firmware 1.0.0, as the console does', async () => {
    const h = buildModel('vt1512');
    const old = buildModel('vt1512', { fwVer: '1.0.0' });
    expect((await h.model.execute(settings({ cycleGroup: '1,12' }))).ok).toBe(true);
    expect(await old.model.execute(settings({ cycleGroup: '1,12' }))).toEqual({
      ok: false,
      error: 'invalid: cycleGroup.1',
    });
  });

  it('sequences its group in order with each step delay, and off in reverse with the gaps mirrored', async () => {
    const h = buildModel('vt1512');
    await h.model.execute(settings({ sequenceGroup: '5,2,9', sequenceDelays: '0,2,5' }));
    const off = h.model.execute(buildCommand('sequence', { state: 0 }, { nowMs: 0 }));
    let start = h.scheduler.now();
    h.events.length = 0;
    await h.scheduler.advance(10_000);
    expect(await off).toMatchObject({ ok: true });
    const times = () =>
      h.events.filter((e) => e.type === 'outlet').map((e) => [e.outlet, e.value, e.at - start]);
    expect(times()).toEqual([
      [9, 0, 0],
      [2, 0, 5000],
      [5, 0, 7000],
    ]);
    const on = h.model.execute(buildCommand('sequence', { state: 1 }, { nowMs: 0 }));
    start = h.scheduler.now();
    h.events.length = 0;
    await h.scheduler.advance(10_000);
    expect(await on).toMatchObject({ ok: true });
    expect(times()).toEqual([
      [5, 1, 0],
      [2, 1, 2000],
      [9, 1, 7000],
    ]);
    expect(h.model.outletStates().filter(Boolean)).toHaveLength(12);
  });

  it('the DC trigger runs the DC Trigger group on a vt4315', async () => {
    const h = buildModel<VtModel>('vt4315', {
      settings: { sequenceGroup: '1,2', sequenceDelays: '0,1' },
    });
    h.model.setTrigger(false);
    await switchTo(h, 1, 0);
    await switchTo(h, 2, 0);
    h.model.setTrigger(true);
    await h.scheduler.advance(1000);
    expect(h.model.outletStates().slice(0, 2)).toEqual([true, true]);
    expect(h.model.status()).toMatchObject({ trig: true, lastseqstate: 'completed' });
  });

  it('brings each outlet back in its power-on state when power returns', async () => {
    const h = buildModel('c3ip', { settings: { powerOn: 'on,off,last' } });
    await switchTo(h, 3, 0);
    await switchTo(h, 1, 0);
    h.model.setPowerCondition('lost');
    expect(h.model.outletStates()).toEqual([false, false, false]);
    h.model.setPowerCondition('normal');
    expect(h.model.outletStates()).toEqual([true, false, false]);
  });

  it('keeps a battery backup’s outlets up through a loss', () => {
    const h = buildModel('f1500', { settings: { powerOn: 'off,off,off,off' } });
    h.model.setPowerCondition('lost');
    h.model.setPowerCondition('normal');
    expect(h.model.outletStates()).toEqual([true, true, true, true]);
  });

  it('reports only the event types it is subscribed to', async () => {
    const h = buildModel('m4000', { settings: { events: 'fault,info' } });
    await switchTo(h, 1, 0);
    h.model.setPowerCondition('under-voltage');
    expect(h.events).toEqual([]);
    expect(h.statuses.at(-1)?.status.otlts[0]).toBe(false);
    await h.model.execute(settings({ events: 'outlet' }));
    await switchTo(h, 1, 1);
    expect(h.events.map((e) => e.type)).toEqual(['outlet']);
  });

  it('reports its status at the interval it is set to', async () => {
    const h = buildModel('m4320');
    await h.model.execute(settings({ statusIntervalSec: 10 }));
    const start = h.scheduler.now();
    h.statuses.length = 0;
    await h.scheduler.advance(30_000);
    expect(h.statuses.map((s) => s.at - start)).toEqual([10_000, 20_000, 30_000]);
    expect(h.statuses.at(-1)?.status.interval).toBe(10);
  });

  it('sets its clock from its clock source when the source changes', async () => {
    const h = buildModel('sm3', { timing: { clockSkewMs: 90_000 } });
    expect(h.model.sysTime()).toBe(Math.floor((h.scheduler.now() + 90_000) / 1000));
    await h.model.execute(settings({ clockSource: 'console', ntpServer: '', timezone: '1.00' }));
    expect(h.model.sysTime()).toBe(Math.floor(h.scheduler.now() / 1000));
  });
});

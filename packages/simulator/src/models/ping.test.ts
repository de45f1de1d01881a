import { type PingConfigArgs, type WirePingTarget, deviceStatusSchema } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { buildCommand, buildModel } from '../testing';
import { deviceIp } from './ping';
import { addKid, createModel } from './registry';
import { TEST_TIMING } from './types';

// TEST_TIMING runs auto-ping at 0.002 of real time: a Fast window (900 s) is 1.8 s, a sample
// every 180 ms, and a 300 s hold-off 0.6 s. A cycle keeps the outlet off for 100 ms here.
const WINDOW_MS = 1800;
const SAMPLE_MS = 180;
const HOLD_OFF_MS = 600;
const timing = { cycleOffMs: 100 };

const target = (over: Partial<WirePingTarget> = {}): WirePingTarget => ({
  host: '8.8.8.8',
  windowSec: 900,
  action: 'none',
  outlets: [],
  maxReboots: 3,
  holdOffSec: 300,
  ...over,
});

type Harness = ReturnType<typeof buildModel>;

function configure(h: Harness, args: PingConfigArgs) {
  return h.model.execute(buildCommand('pingConfig', args, { nowMs: h.scheduler.now() }));
}

const pingStatus = (h: Harness) => h.model.status().ping;
const eventsOf = (h: Harness, type: string) =>
  h.events
    .filter((e) => e.type === type)
    .map(({ value, target: t, outlet }) => ({ value, target: t, outlet }));

describe('auto-ping on a device', () => {
  it('reports no targets before it is configured, its address, and no signal of its own', () => {
    const h = buildModel('m4315', { devId: '1065A3000042' });
    const status = deviceStatusSchema.parse(h.model.status());
    expect(status.ping).toEqual({ version: 0, targets: [] });
    expect(status.ip).toBe(deviceIp('1065A3000042'));
    expect(status.ip).toMatch(/^10\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
    expect(deviceIp('1065A3000042')).toBe(status.ip);
    expect(deviceIp('1065A3000043')).not.toBe(status.ip);
    expect(status.rssi).toBeUndefined();
    expect(status.uplinkOtlt).toBeUndefined();
  });

  it('a wireless kid reports its signal, no address and no ping targets', () => {
    const h = buildModel('sp1000');
    const status = deviceStatusSchema.parse(h.model.status());
    expect(status.rssi).toBeLessThanOrEqual(-40);
    expect(status.rssi).toBeGreaterThanOrEqual(-84);
    expect(status.ip).toBeUndefined();
    expect(status.ping).toBeUndefined();
  });

  it('takes a newer configuration, keeps its own over an older or the same one', async () => {
    const h = buildModel('m4315');
    expect(
      await configure(h, { version: 2, targets: [target(), target({ host: 'modem.lan' })] }),
    ).toEqual({ ok: true, result: { version: 2 } });
    expect(pingStatus(h)).toEqual({
      version: 2,
      targets: [
        { state: 'unknown', lastReply: null, rebootsToday: 0 },
        { state: 'unknown', lastReply: null, rebootsToday: 0 },
      ],
    });
    // the new version is reported at once
    expect(h.statuses.at(-1)?.status.ping?.version).toBe(2);

    expect(await configure(h, { version: 1, targets: [] })).toEqual({
      ok: true,
      result: { version: 2 },
    });
    expect(await configure(h, { version: 2, targets: [] })).toEqual({
      ok: true,
      result: { version: 2 },
    });
    expect(pingStatus(h)?.targets).toHaveLength(2);

    expect(await configure(h, { version: 3, targets: [target({ host: '1.1.1.1' })] })).toEqual({
      ok: true,
      result: { version: 3 },
    });
    expect(pingStatus(h)?.targets).toHaveLength(1);
  });

  it('refuses outlets it does not have, and keeps what it ran', async () => {
    const h = buildModel('m4315', { devId: '1065A3000001' });
    const bad = [
      target({ action: 'cycle', outlets: [{ devId: '1065A3000001', otlt: 9 }] }),
      target({ action: 'cycle', outlets: [{ devId: '1065A3FFFFFF', otlt: 1 }] }),
    ];
    for (const t of bad) {
      expect(await configure(h, { version: 1, targets: [t] })).toEqual({
        ok: false,
        error: 'no-such-outlet',
      });
    }
    expect(pingStatus(h)).toEqual({ version: 0, targets: [] });
  });

  it('a kid or a class without ping targets refuses the command', async () => {
    const h = buildModel('km4315');
    expect(await configure(h, { version: 1, targets: [] })).toEqual({
      ok: false,
      error: 'not-supported',
    });
  });

  it('passes a target that answers, with the time of its last reply', async () => {
    const h = buildModel('m4315');
    await configure(h, { version: 1, targets: [target()] });
    await h.scheduler.advance(SAMPLE_MS);
    expect(eventsOf(h, 'ping')).toEqual([{ value: 'pass', target: 1, outlet: undefined }]);
    const [state] = pingStatus(h)?.targets ?? [];
    expect(state).toEqual({
      state: 'pass',
      lastReply: Math.floor(h.scheduler.now() / 1000),
      rebootsToday: 0,
    });
    // no new event while it keeps answering
    await h.scheduler.advance(WINDOW_MS * 3);
    expect(eventsOf(h, 'ping')).toHaveLength(1);
  });

  it('fails a silent target after a whole window; alert only when its action is none', async () => {
    const h = buildModel('m4315');
    h.model.hosts.setDown('8.8.8.8');
    await configure(h, { version: 1, targets: [target()] });
    await h.scheduler.advance(WINDOW_MS - SAMPLE_MS);
    expect(eventsOf(h, 'ping')).toEqual([]);
    expect(pingStatus(h)?.targets[0]?.state).toBe('unknown');
    await h.scheduler.advance(SAMPLE_MS);
    expect(eventsOf(h, 'ping')).toEqual([{ value: 'fail', target: 1, outlet: undefined }]);
    await h.scheduler.advance(WINDOW_MS * 3);
    expect(eventsOf(h, 'autoReboot')).toEqual([]);
    expect(h.model.outletStates().every(Boolean)).toBe(true);

    // the host answers again: the target passes
    h.model.hosts.setDown('8.8.8.8', false);
    await h.scheduler.advance(SAMPLE_MS);
    expect(eventsOf(h, 'ping').map((e) => e.value)).toEqual(['fail', 'pass']);
  });

  it('cycles the chosen outlets on a failure, holds off, and stops at the cap', async () => {
    const h = buildModel('m4315', { devId: '1065A3000001', timing });
    const outlets = [
      { devId: '1065A3000001', otlt: 2 },
      { devId: '1065A3000001', otlt: 5 },
    ];
    h.model.hosts.setDown('modem.lan');
    await configure(h, {
      version: 1,
      targets: [target({ host: 'modem.lan', action: 'cycle', outlets, maxReboots: 2 })],
    });
    await h.scheduler.advance(WINDOW_MS);
    expect(eventsOf(h, 'autoReboot')).toEqual([{ value: 'cycled', target: 1, outlet: 2 }]);
    // both outlets go off together and come back through the cycle path
    const cycles = () =>
      h.events.filter((e) => e.type === 'outlet').map((e) => [e.outlet, e.value]);
    await h.scheduler.advance(0);
    expect(h.model.outletStates()[1]).toBe(false);
    expect(h.model.outletStates()[4]).toBe(false);
    await h.scheduler.advance(timing.cycleOffMs);
    expect(cycles()).toEqual([
      [2, 0],
      [5, 0],
      [2, 1],
      [5, 1],
    ]);
    expect(pingStatus(h)?.targets[0]?.rebootsToday).toBe(1);

    // not judged during the hold-off, then a whole window again before the next reboot
    const firstAt = h.events.find((e) => e.type === 'autoReboot')?.at ?? 0;
    await h.scheduler.advance(HOLD_OFF_MS + WINDOW_MS + SAMPLE_MS);
    const reboots = h.events.filter((e) => e.type === 'autoReboot');
    expect(reboots.map((e) => e.value)).toEqual(['cycled', 'cycled']);
    expect((reboots[1]?.at ?? 0) - firstAt).toBeGreaterThanOrEqual(HOLD_OFF_MS + WINDOW_MS);

    // the cap (2 in a row): the next failure reports it once and cycles nothing
    await h.scheduler.advance((HOLD_OFF_MS + WINDOW_MS) * 4);
    expect(eventsOf(h, 'autoReboot')).toEqual([
      { value: 'cycled', target: 1, outlet: 2 },
      { value: 'cycled', target: 1, outlet: 2 },
      { value: 'capReached', target: 1, outlet: undefined },
    ]);
    expect(pingStatus(h)?.targets[0]).toMatchObject({ state: 'fail', rebootsToday: 2 });
    expect(cycles()).toHaveLength(8);
    expect(eventsOf(h, 'ping').map((e) => e.value)).toEqual(['fail']);
  });

  it('does not cycle again an outlet still off from the last reboot', async () => {
    // the outlet stays off 5 s: longer than the scaled hold-off and window
    const h = buildModel('m4315', { devId: '1065A3000001', timing: { cycleOffMs: 5000 } });
    h.model.hosts.setDown('8.8.8.8');
    await configure(h, {
      version: 1,
      targets: [target({ action: 'cycle', outlets: [{ devId: '1065A3000001', otlt: 3 }] })],
    });
    await h.scheduler.advance(8000);
    const cycled = h.events.filter((e) => e.type === 'autoReboot');
    const cycles = h.events.filter((e) => e.type === 'cycle' && e.value === 'in-progress');
    // reboots at 1.8 s, 4.32 s (outlet still cycling: left alone) and 6.84 s
    expect(cycled.map((e) => e.at - cycled[0]!.at)).toEqual([0, 5040]);
    expect(cycles).toHaveLength(2);
    expect(pingStatus(h)?.targets[0]?.rebootsToday).toBe(3);
  });

  it("a card cycles its attached unit's outlets", async () => {
    const h = buildModel('cv2', { devId: '1065A3000010', timing });
    const kid = createModel({
      devId: '1065A3000011',
      devClass: 'km4320',
      seed: 2,
      scheduler: h.scheduler,
      timing: { ...TEST_TIMING, ...timing },
    });
    addKid(h.model, kid);
    const kidEvents: [string, unknown, number | undefined][] = [];
    kid.attach({
      status: () => undefined,
      event: (e) => kidEvents.push([e.type, e.value, e.outlet]),
      reboot: () => undefined,
    });
    h.model.hosts.setDown('10.0.0.1');
    const ack = await configure(h, {
      version: 1,
      targets: [
        target({
          host: '10.0.0.1',
          action: 'cycle',
          outlets: [{ devId: '1065A3000011', otlt: 3 }],
        }),
      ],
    });
    expect(ack.ok).toBe(true);
    await h.scheduler.advance(WINDOW_MS);
    await h.scheduler.advance(0);
    expect(kid.outletStates()[2]).toBe(false);
    await h.scheduler.advance(timing.cycleOffMs);
    expect(kid.outletStates()[2]).toBe(true);
    expect(kidEvents).toEqual([
      ['cycle', 'in-progress', 3],
      ['outlet', 0, 3],
      ['outlet', 1, 3],
      ['cycle', 'inactive', 3],
    ]);
    // the card reports the auto-reboot (its class lets ping events be chosen; they are on)
    expect(eventsOf(h, 'autoReboot')).toEqual([{ value: 'cycled', target: 1, outlet: 3 }]);
    expect(eventsOf(h, 'ping')).toEqual([{ value: 'fail', target: 1, outlet: undefined }]);
  });

  it('gets no answer while the outlet of its own uplink is off', async () => {
    const h = buildModel('m4315', { uplinkOtlt: 1 });
    expect(h.model.status().uplinkOtlt).toBe(1);
    await configure(h, { version: 1, targets: [target()] });
    await h.scheduler.advance(SAMPLE_MS);
    expect(pingStatus(h)?.targets[0]?.state).toBe('pass');
    const switched = h.model.execute(
      buildCommand('setOutlet', { otlt: 1, state: 0 }, { nowMs: 0 }),
    );
    await h.scheduler.advance(0);
    expect((await switched).ok).toBe(true);
    await h.scheduler.advance(WINDOW_MS);
    expect(pingStatus(h)?.targets[0]?.state).toBe('fail');
  });

  it('a host on an outlet answers only while that outlet is on', async () => {
    const h = buildModel('m4315', { hostOutlets: { 'Stream.lan': 4 } });
    await configure(h, {
      version: 1,
      targets: [target({ host: 'stream.lan' }), target({ host: '8.8.8.8' })],
    });
    const switched = h.model.execute(
      buildCommand('setOutlet', { otlt: 4, state: 0 }, { nowMs: 0 }),
    );
    await h.scheduler.advance(0);
    expect((await switched).ok).toBe(true);
    await h.scheduler.advance(WINDOW_MS);
    expect(pingStatus(h)?.targets.map((t) => t.state)).toEqual(['fail', 'pass']);
  });

  it('does not ping while it reboots', async () => {
    const h = buildModel('m4315', { timing: { rebootDownMs: 5000 } });
    h.model.hosts.setDown('8.8.8.8');
    await configure(h, { version: 1, targets: [target()] });
    await h.model.execute(buildCommand('reboot', {}, { nowMs: 0 }));
    await h.scheduler.advance(4900);
    expect(eventsOf(h, 'ping')).toEqual([]);
    await h.scheduler.advance(100 + SAMPLE_MS);
    expect(eventsOf(h, 'ping').map((e) => e.value)).toEqual(['fail']);
    // the configuration survives the reboot
    expect(pingStatus(h)?.version).toBe(1);
  });

  it('counts reboots per day of its own clock and starts again at its midnight', async () => {
    // the device's clock is at UTC-8: its day ends at 08:00 UTC
    const h = buildModel('m4315', {
      devId: '1065A3000001',
      timing,
      settings: { timezone: '-8.00' },
    });
    const midnight = Date.UTC(2025, 0, 1, 8);
    await h.scheduler.advance(midnight - h.scheduler.now() - 3000);
    h.model.hosts.setDown('8.8.8.8');
    await configure(h, {
      version: 1,
      targets: [
        target({
          action: 'cycle',
          outlets: [{ devId: '1065A3000001', otlt: 1 }],
          maxReboots: 10,
          holdOffSec: 60,
        }),
      ],
    });
    await h.scheduler.advance(2500);
    expect(pingStatus(h)?.targets[0]?.rebootsToday).toBe(1);
    await h.scheduler.advance(1000);
    expect(pingStatus(h)?.targets[0]?.rebootsToday).toBe(0);
    await h.scheduler.advance(400);
    expect(pingStatus(h)?.targets[0]?.rebootsToday).toBe(1);
    expect(eventsOf(h, 'autoReboot')).toHaveLength(2);
  });

  it('stops pinging when taken away and starts again when attached', async () => {
    const h = buildModel('m4315');
    h.model.hosts.setDown('8.8.8.8');
    await configure(h, { version: 1, targets: [target()] });
    h.model.detach();
    expect(h.scheduler.pending()).toBe(0);
    h.model.attach({
      status: () => undefined,
      event: (e) => h.events.push({ ...e, at: h.scheduler.now() }),
      reboot: () => undefined,
    });
    await h.scheduler.advance(WINDOW_MS);
    expect(eventsOf(h, 'ping').map((e) => e.value)).toEqual(['fail']);
  });
});

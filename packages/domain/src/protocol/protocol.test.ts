import { describe, expect, it } from 'vitest';
import {
  COMMAND_SVCS,
  buildCommand,
  commandAckSchema,
  decodeCommand,
  deviceCommandFilters,
  deviceEventSchema,
  deviceMayAccess,
  deviceStatusSchema,
  deviceTopic,
  fleetFilters,
  parseDeviceTopic,
  parseOnlinePayload,
  powerConditionCode,
  powerConditionOf,
} from './index';

const DEV = '1065A3000001';
const KID = '00A1B2C3D4E5';

function cmd(svc: string, args: unknown, extra: Record<string, unknown> = {}) {
  return JSON.stringify({ id: 'c1', svc, args, expires: 1_900_000_000_000, ...extra });
}

describe('topics', () => {
  it('builds device and kid topics', () => {
    expect(deviceTopic({ devId: DEV }, 'status')).toBe(`pd/v1/${DEV}/status`);
    expect(deviceTopic({ devId: DEV, kidId: KID }, 'cmd')).toBe(`pd/v1/${DEV}/kids/${KID}/cmd`);
  });

  it('refuses ids that are not upper-case hex without separators', () => {
    for (const bad of ['10:65:A3:00:00:01', '1065a3000001', 'XYZ123456789', '12345', '']) {
      expect(() => deviceTopic({ devId: bad }, 'online')).toThrow(/invalid devId/);
    }
    expect(() => deviceTopic({ devId: DEV, kidId: 'ab-cd' }, 'online')).toThrow(/invalid kidId/);
  });

  it('parses what it builds and nothing else', () => {
    expect(parseDeviceTopic(`pd/v1/${DEV}/ack`)).toEqual({ devId: DEV, kind: 'ack' });
    expect(parseDeviceTopic(`pd/v1/${DEV}/kids/${KID}/event`)).toEqual({
      devId: DEV,
      kidId: KID,
      kind: 'event',
    });
    expect(parseDeviceTopic(`pd/v2/${DEV}/ack`)).toBeUndefined();
    expect(parseDeviceTopic(`pd/v1/${DEV.toLowerCase()}/ack`)).toBeUndefined();
    expect(parseDeviceTopic(`pd/v1/${DEV}/reboot`)).toBeUndefined();
    expect(parseDeviceTopic(`pd/v1/${DEV}/kids/nothex/status`)).toBeUndefined();
    expect(parseDeviceTopic(`pd/v1/${DEV}/kids/${KID}`)).toBeUndefined();
  });

  it('gives fleet-wide and shared filters', () => {
    expect(fleetFilters('status')).toEqual(['pd/v1/+/status', 'pd/v1/+/kids/+/status']);
    expect(fleetFilters('ack', 'hub')[0]).toBe('$share/hub/pd/v1/+/ack');
    expect(deviceCommandFilters(DEV)).toEqual([`pd/v1/${DEV}/cmd`, `pd/v1/${DEV}/kids/+/cmd`]);
  });

  it('lets a device use only its own root, in the protocol direction', () => {
    expect(deviceMayAccess(DEV, `pd/v1/${DEV}/status`, 'publish')).toBe(true);
    expect(deviceMayAccess(DEV, `pd/v1/${DEV}/kids/${KID}/ack`, 'publish')).toBe(true);
    expect(deviceMayAccess(DEV, `pd/v1/${DEV}/cmd`, 'publish')).toBe(false);
    expect(deviceMayAccess(DEV, `pd/v1/1065A3000002/status`, 'publish')).toBe(false);
    expect(deviceMayAccess(DEV, `pd/v1/${DEV}/kids/+/cmd`, 'subscribe')).toBe(true);
    expect(deviceMayAccess(DEV, `pd/v1/+/cmd`, 'subscribe')).toBe(false);
    expect(deviceMayAccess(DEV, `pd/v1/${DEV}/#`, 'subscribe')).toBe(false);
  });
});

describe('payloads', () => {
  it('reads online as plain 1 or 0', () => {
    expect(parseOnlinePayload('1')).toBe(true);
    expect(parseOnlinePayload(Buffer.from('0'))).toBe(false);
    expect(parseOnlinePayload('yes')).toBeUndefined();
  });

  it('maps power condition codes both ways', () => {
    expect(powerConditionCode('lost')).toBe(4);
    expect(powerConditionOf(2)).toBe('under-voltage');
    expect(powerConditionOf(9)).toBeUndefined();
  });

  it('accepts a full kf1500 status and rejects a battery level over 1', () => {
    const status = {
      devClass: 'kf1500',
      sysTime: 1_700_000_000,
      uptime: 10,
      name: 'Rack A',
      fwVer: '2.1.0',
      otlts: [true, false, true, true],
      interval: 30,
      voltage: 120.4,
      voltage_out: 120.1,
      amperage: 2.31,
      wattage: 265.2,
      pwr_fact: 0.95,
      pwr_va: 278.1,
      pwr_cond: 0,
      battlevel: 0.82,
      battstate: 'charging',
    };
    expect(deviceStatusSchema.safeParse(status).success).toBe(true);
    expect(deviceStatusSchema.safeParse({ ...status, battlevel: 1.2 }).success).toBe(false);
    expect(deviceStatusSchema.safeParse({ ...status, spu: 'Meltdown' }).success).toBe(false);
  });

  it('accepts events with and without an outlet', () => {
    expect(
      deviceEventSchema.safeParse({ type: 'outlet', outlet: 3, value: 1, time: 5 }).success,
    ).toBe(true);
    expect(deviceEventSchema.safeParse({ type: 'power', value: 4, time: 5 }).success).toBe(true);
    expect(
      deviceEventSchema.safeParse({ type: 'outlet', outlet: 0, value: 1, time: 5 }).success,
    ).toBe(false);
  });

  it('acks need an id and ok', () => {
    expect(commandAckSchema.safeParse({ id: 'a', ok: false, error: 'expired' }).success).toBe(true);
    expect(commandAckSchema.safeParse({ ok: true }).success).toBe(false);
  });
});

describe('commands', () => {
  it('decodes every svc with its args', () => {
    const samples: Record<string, unknown> = {
      setOutlet: { otlt: 2, state: 1 },
      cycleOutlet: { otlt: 8 },
      sequence: { state: 0 },
      cycleGroup: {},
      reboot: {},
      rename: { name: 'Stage left' },
      findMe: {},
      autoStatusUpdate: { duration: 900 },
      setOutletInfo: { outlets: [{ otltId: 1, name1: 'Amp', name2: 'DSP', locked: true }] },
      settings: { values: { pingHost: '8.8.8.8' } },
      firmware: { step: 'chunk', upgradeId: 'u1.c0', seq: 0, data: 'UERGVzE=' },
      pingConfig: {
        version: 1,
        targets: [
          {
            host: '8.8.8.8',
            windowSec: 900,
            action: 'cycle',
            outlets: [{ devId: '1065A3000001', otlt: 1 }],
            maxReboots: 3,
            holdOffSec: 300,
          },
        ],
      },
      discover: {},
      credentials: { secret: 'A'.repeat(43) },
    };
    expect(Object.keys(samples).sort()).toEqual([...COMMAND_SVCS].sort());
    for (const [svc, args] of Object.entries(samples)) {
      const decoded = decodeCommand(cmd(svc, args));
      expect(decoded.ok, svc).toBe(true);
    }
  });

  it('answers an unknown svc with unknown-svc and keeps the id', () => {
    expect(decodeCommand(cmd('selfDestruct', {}))).toEqual({
      ok: false,
      id: 'c1',
      error: 'unknown-svc',
    });
  });

  it('refuses a rename over the 40-character limit or blank', () => {
    const long = decodeCommand(cmd('rename', { name: 'x'.repeat(41) }));
    expect(long).toMatchObject({ ok: false, id: 'c1' });
    expect(!long.ok && long.error).toMatch(/^invalid: args.name: Maximum length allowed is 40/);
    expect(decodeCommand(cmd('rename', { name: 'x'.repeat(40) })).ok).toBe(true);
    expect(decodeCommand(cmd('rename', { name: '   ' })).ok).toBe(false);
    const label = decodeCommand(
      cmd('setOutletInfo', { outlets: [{ otltId: 1, name1: 'y'.repeat(41), locked: false }] }),
    );
    expect(label.ok).toBe(false);
  });

  it('refuses bad args, bad states and missing envelopes', () => {
    expect(decodeCommand(cmd('setOutlet', { otlt: 0, state: 1 })).ok).toBe(false);
    expect(decodeCommand(cmd('setOutlet', { otlt: 1, state: 2 })).ok).toBe(false);
    expect(decodeCommand(cmd('autoStatusUpdate', { duration: -5 })).ok).toBe(false);
    expect(decodeCommand(cmd('reboot', {}, { expires: 'soon' }))).toMatchObject({ id: 'c1' });
    expect(decodeCommand('not json')).toMatchObject({ ok: false, id: undefined });
    expect(decodeCommand(JSON.stringify({ svc: 'reboot' }))).toMatchObject({ id: undefined });
  });

  it('builds commands with an expiry', () => {
    const built = buildCommand(
      'setOutlet',
      { otlt: 1, state: 0 },
      {
        id: 'x',
        nowMs: 1000,
        ttlMs: 500,
      },
    );
    expect(built).toEqual({
      id: 'x',
      svc: 'setOutlet',
      args: { otlt: 1, state: 0 },
      expires: 1500,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { fromWirePingTargets, toWirePingTargets } from '../protocol/network';
import { validationMessages } from '../validation/validation-messages';
import {
  PING_LIMITS,
  type PingTarget,
  blankPingTarget,
  isPingHost,
  pingMessages,
  pingTargetsSchema,
  pingWindowSeconds,
} from './ping-target';

const target = (over: Partial<PingTarget> = {}): PingTarget => ({
  ...blankPingTarget(),
  host: '8.8.8.8',
  ...over,
});

/** The messages of a rejected list, each with the path it points at. */
function problems(value: unknown): [string, string][] {
  const result = pingTargetsSchema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('ping target host', () => {
  it('takes IPv4 addresses by the spec §5 rule: four dot parts of 0-255', () => {
    for (const ok of ['8.8.8.8', '0.0.0.0', '255.255.255.255', '192.168.1.1', ' 10.0.0.1 ']) {
      expect(isPingHost(ok), ok).toBe(true);
    }
    for (const bad of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '1..2.3', '1.2.3.1000', '300.1.1.1']) {
      expect(isPingHost(bad), bad).toBe(false);
    }
  });

  it('rejects the literal {ip} wherever it appears', () => {
    expect(isPingHost('{ip}')).toBe(false);
    expect(isPingHost('{ip}.example.com')).toBe(false);
    expect(isPingHost('192.168.{ip}')).toBe(false);
  });

  it('takes host names made of RFC 1123 labels', () => {
    for (const ok of ['modem', 'modem.lan', 'dns.google', 'a-b.example.com', 'X1.example.COM']) {
      expect(isPingHost(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      '   ',
      '-modem.lan',
      'modem-.lan',
      'mo dem.lan',
      'modem..lan',
      'modem.lan.',
      'under_score.lan',
      'http://modem.lan',
      `${'a'.repeat(64)}.lan`,
      `${'abc.'.repeat(63)}com`,
    ]) {
      expect(isPingHost(bad), bad).toBe(false);
    }
  });
});

describe('ping targets of a device', () => {
  it('accepts a valid list, trimming hosts', () => {
    const parsed = pingTargetsSchema.parse([
      target({ host: ' modem.lan ' }),
      target({
        window: 'Fast',
        action: 'cycle',
        outlets: [
          { devId: '1065A3000001', otlt: 1 },
          { devId: '1065A3000002', otlt: 1 },
        ],
      }),
    ]);
    expect(parsed[0]?.host).toBe('modem.lan');
    expect(parsed).toHaveLength(2);
  });

  it('names a bad host with the editor message', () => {
    expect(problems([target({ host: '{ip}' })])).toEqual([['0.host', pingMessages.host]]);
    expect(problems([target({ host: '999.1.1.1' })])).toEqual([['0.host', pingMessages.host]]);
  });

  it('needs outlets to cycle; alert only needs none', () => {
    expect(problems([target({ action: 'cycle', outlets: [] })])).toEqual([
      ['0.outlets', pingMessages.outletsRequired],
    ]);
    expect(problems([target({ action: 'none', outlets: [] })])).toEqual([]);
  });

  it('lets the same device and outlet be chosen once in a target (spec §5)', () => {
    const outlets = [
      { devId: '1065A3000001', otlt: 2 },
      { devId: '1065A3000001', otlt: 3 },
      { devId: '1065A3000001', otlt: 2 },
    ];
    expect(problems([target({ action: 'cycle', outlets })])).toEqual([
      ['0.outlets.2', validationMessages.duplicateOutlet],
    ]);
    // the same outlet in two targets is not a duplicate
    const one = [{ devId: '1065A3000001', otlt: 2 }];
    expect(
      problems([
        target({ action: 'cycle', outlets: one }),
        target({ action: 'cycle', outlets: one }),
      ]),
    ).toEqual([]);
  });

  it('takes at most 8 targets', () => {
    const eight = Array.from({ length: PING_LIMITS.targets }, () => target());
    expect(problems(eight)).toEqual([]);
    expect(problems([...eight, target()])).toEqual([['', pingMessages.tooManyTargets]]);
  });

  it('bounds the reboots in a row and the hold-off, and knows the three windows', () => {
    expect(problems([target({ maxReboots: 0 })])).toEqual([
      ['0.maxReboots', pingMessages.maxReboots],
    ]);
    expect(problems([target({ maxReboots: 11 })])).toEqual([
      ['0.maxReboots', pingMessages.maxReboots],
    ]);
    expect(problems([target({ maxReboots: 1.5 })])).toEqual([
      ['0.maxReboots', pingMessages.maxReboots],
    ]);
    expect(problems([target({ holdOffSec: 59 })])).toEqual([
      ['0.holdOffSec', pingMessages.holdOff],
    ]);
    expect(problems([target({ holdOffSec: 3601 })])).toEqual([
      ['0.holdOffSec', pingMessages.holdOff],
    ]);
    expect(problems([{ ...target(), window: 'Rapid' }])).toHaveLength(1);
    expect(
      ['Fast', 'Normal', 'Slow'].map((w) => pingWindowSeconds(w as PingTarget['window'])),
    ).toEqual([900, 1800, 3600]);
  });

  it('travels to the device with its window in seconds and comes back the same', () => {
    const targets = [target({ window: 'Slow' }), target({ window: 'Fast', host: 'modem.lan' })];
    const wire = toWirePingTargets(targets);
    expect(wire.map((t) => t.windowSec)).toEqual([3600, 900]);
    expect(wire[0]).not.toHaveProperty('window');
    expect(fromWirePingTargets(wire)).toEqual(targets);
  });
});

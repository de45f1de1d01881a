import { describe, expect, it } from 'vitest';
import { parseFault } from './fault-spec';

describe('--fault', () => {
  it('reads each kind', () => {
    expect(parseFault('offline:1065A3000001')).toEqual({
      devId: '1065A3000001',
      fault: { kind: 'offline' },
    });
    expect(parseFault('brownout:AB12CD:lost').fault).toEqual({
      kind: 'brownout',
      condition: 'lost',
    });
    expect(parseFault('brownout:AB12CD').fault).toEqual({
      kind: 'brownout',
      condition: 'under-voltage',
    });
    expect(parseFault('overload:AB12CD:3').fault).toEqual({ kind: 'overload', factor: 3 });
    expect(parseFault('refuse:AB12CD').fault).toEqual({ kind: 'refuse-commands' });
    expect(parseFault('ignore:AB12CD').fault).toEqual({ kind: 'ignore-commands' });
    expect(parseFault('firmware:AB12CD:corruptedImage').fault).toEqual({
      kind: 'firmware',
      reason: 'corruptedImage',
      at: 'verify',
    });
    expect(parseFault('firmware:AB12CD:blocked:chunk').fault).toEqual({
      kind: 'firmware',
      reason: 'blocked',
      at: 'chunk',
    });
    expect(parseFault('ping:AB12CD:8.8.8.8').fault).toEqual({ kind: 'host-down', host: '8.8.8.8' });
    expect(parseFault('ping:AB12CD:modem.lan').fault).toEqual({
      kind: 'host-down',
      host: 'modem.lan',
    });
    expect(parseFault('discover:AB12CD:timedOut').fault).toEqual({
      kind: 'discover',
      reason: 'timedOut',
    });
    expect(parseFault('discover:AB12CD:noBus').fault).toEqual({
      kind: 'discover',
      reason: 'noBus',
    });
  });

  it('refuses what it does not know', () => {
    expect(() => parseFault('melt:AB12CD')).toThrow(/unknown kind/);
    expect(() => parseFault('offline')).toThrow(/KIND:DEVID/);
    expect(() => parseFault('brownout:AB12CD:blackout')).toThrow(/condition/);
    expect(() => parseFault('firmware:AB12CD:melted')).toThrow(/reason is one of/);
    expect(() => parseFault('firmware:AB12CD:blocked:later')).toThrow(/step is one of/);
    expect(() => parseFault('ping:AB12CD')).toThrow(/ping:DEVID:HOST/);
    expect(() => parseFault('ping:AB12CD:300.1.1.1')).toThrow(/ping:DEVID:HOST/);
    expect(() => parseFault('ping:AB12CD:{ip}')).toThrow(/ping:DEVID:HOST/);
    expect(() => parseFault('discover:AB12CD:offline')).toThrow(/reason is one of/);
  });
});

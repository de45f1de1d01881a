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
  });

  it('refuses what it does not know', () => {
    expect(() => parseFault('melt:AB12CD')).toThrow(/unknown kind/);
    expect(() => parseFault('offline')).toThrow(/KIND:DEVID/);
    expect(() => parseFault('brownout:AB12CD:blackout')).toThrow(/condition/);
    expect(() => parseFault('firmware:AB12CD:melted')).toThrow(/reason is one of/);
    expect(() => parseFault('firmware:AB12CD:blocked:later')).toThrow(/step is one of/);
  });
});

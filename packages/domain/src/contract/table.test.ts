import { describe, expect, it } from 'vitest';
import { callName } from './call';
import { allCalls } from './table';

describe('the call table', () => {
  it('names each area and svc once', () => {
    const keys = allCalls().map((call) => `${call.area}/${call.script} svc=${call.svc}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('gives every call a summary, methods and a rule', () => {
    for (const call of allCalls()) {
      expect(call.summary, callName(call)).not.toBe('');
      expect(call.methods.length, callName(call)).toBeGreaterThan(0);
      expect(call.rule, callName(call)).not.toBe('');
    }
  });
});

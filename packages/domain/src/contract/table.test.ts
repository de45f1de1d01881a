import { describe, expect, it } from 'vitest';
import { allCalls } from './table';

describe('the call table', () => {
  it('names each area and svc once', () => {
    const keys = allCalls().map((call) => `${call.area}/${call.script} svc=${call.svc}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('gives every call a summary, methods and a rule', () => {
    for (const call of allCalls()) {
      expect(call.summary, call.svc).not.toBe('');
      expect(call.methods.length, call.svc).toBeGreaterThan(0);
      expect(call.rule, call.svc).not.toBe('');
    }
  });
});

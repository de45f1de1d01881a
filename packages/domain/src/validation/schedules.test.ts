import { describe, expect, it } from 'vitest';
import { fireOutcome } from '../api/schedules';
import { scheduleFormSchema, scheduleMessages } from './schedules';
import { validationMessages } from './validation-messages';

const valid = {
  targets: [{ devId: '1065a3000001', otlt: 1 }],
  action: 'off',
  time: '02:30',
  dayMask: 127,
};

function messages(input: unknown): string[] {
  const result = scheduleFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('schedule form', () => {
  it('accepts a valid schedule, upper-cases ids and fills defaults', () => {
    const parsed = scheduleFormSchema.parse(valid);
    expect(parsed).toMatchObject({
      name: '',
      enabled: true,
      startDate: null,
      endDate: null,
      targets: [{ devId: '1065A3000001', otlt: 1 }],
    });
  });

  it('refuses the same device and outlet twice (spec §5 Duplicate outlet)', () => {
    const twice = { ...valid, targets: [...valid.targets, { devId: '1065A3000001', otlt: 1 }] };
    expect(messages(twice)).toEqual([validationMessages.duplicateOutlet]);
    const overlap = { ...valid, targets: [{ devId: '1065A3000001' }, ...valid.targets] };
    expect(messages(overlap)).toEqual([validationMessages.duplicateOutlet]);
    const other = { ...valid, targets: [...valid.targets, { devId: '1065A3000001', otlt: 2 }] };
    expect(messages(other)).toEqual([]);
  });

  it('names each missing or bad field in the spec’s style', () => {
    expect(messages({ ...valid, targets: [] })).toEqual([scheduleMessages.noTarget]);
    expect(messages({ ...valid, time: '24:00' })).toEqual([scheduleMessages.time]);
    expect(messages({ ...valid, dayMask: 0 })).toEqual([scheduleMessages.noDays]);
    expect(messages({ ...valid, dayMask: 128 })).toEqual([scheduleMessages.noDays]);
    expect(messages({ ...valid, action: 'explode' })).toEqual(['Please select an action']);
    expect(messages({ ...valid, startDate: '2026-02-30' })).toEqual([scheduleMessages.date]);
    expect(messages({ ...valid, name: 'x'.repeat(41) })).toEqual([validationMessages.maxLength]);
  });

  it('refuses an end date before the start date', () => {
    expect(messages({ ...valid, startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual([
      scheduleMessages.endBeforeStart,
    ]);
    expect(messages({ ...valid, startDate: '2026-05-02', endDate: '2026-05-02' })).toEqual([]);
  });

  it('takes outlets for outlet actions only', () => {
    expect(messages({ ...valid, action: 'reboot' })).toEqual([scheduleMessages.wholeDeviceAction]);
    expect(messages({ ...valid, action: 'reboot', targets: [{ devId: 'ABCDEF' }] })).toEqual([]);
  });
});

describe('fireOutcome', () => {
  it('is pending while a command is on its way, else done, partial or failed', () => {
    expect(fireOutcome([{ result: 'done' }, { result: 'sent' }])).toBe('pending');
    expect(fireOutcome([{ result: 'done' }, { result: 'done' }])).toBe('done');
    expect(fireOutcome([{ result: 'done' }, { result: 'skipped' }])).toBe('partial');
    expect(fireOutcome([{ result: 'expired' }, { result: 'failed' }])).toBe('failed');
    expect(fireOutcome([])).toBe('failed');
  });
});

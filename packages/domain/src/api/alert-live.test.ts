import { describe, expect, it } from 'vitest';
import { alertSettingsMessages, alertSettingsSchema } from './alert-live';

const errorOf = (value: unknown) =>
  alertSettingsSchema.safeParse({ offlineGraceSeconds: value }).error?.issues[0]?.message;

describe('offline grace period', () => {
  it('accepts whole seconds from 0 to 3600, as numbers or form text', () => {
    expect(alertSettingsSchema.parse({ offlineGraceSeconds: 0 })).toEqual({
      offlineGraceSeconds: 0,
    });
    expect(alertSettingsSchema.parse({ offlineGraceSeconds: '3600' })).toEqual({
      offlineGraceSeconds: 3600,
    });
  });

  it('says what is wrong: blank, not a whole number, out of bounds', () => {
    expect(errorOf('')).toBe(alertSettingsMessages.graceRequired);
    expect(errorOf(undefined)).toBe(alertSettingsMessages.graceRequired);
    expect(errorOf('abc')).toBe(alertSettingsMessages.graceRequired);
    expect(errorOf(1.5)).toBe(alertSettingsMessages.graceWhole);
    expect(errorOf(-1)).toBe(alertSettingsMessages.graceMin);
    expect(errorOf(3601)).toBe(alertSettingsMessages.graceMax);
  });
});

import { describe, expect, it } from 'vitest';
import {
  confirmationMatches,
  emailAddressSchema,
  nameMaxSchema,
  numericOnlySchema,
  requiredTextSchema,
} from './common';

describe('common validation', () => {
  it('required text rejects blank after trim', () => {
    const schema = requiredTextSchema('Need it');
    expect(schema.safeParse('   ').error?.issues[0]?.message).toBe('Need it');
    expect(schema.safeParse('').success).toBe(false);
    expect(schema.parse('  x ')).toBe('x');
  });

  it('a required field left out gets the required message; a wrong type keeps its own', () => {
    expect(requiredTextSchema('Need it').safeParse(undefined).error?.issues[0]?.message).toBe(
      'Need it',
    );
    expect(emailAddressSchema('Need mail').safeParse(undefined).error?.issues[0]?.message).toBe(
      'Need mail',
    );
    expect(requiredTextSchema('Need it').safeParse(5).error?.issues[0]?.message).not.toBe(
      'Need it',
    );
  });

  it('numeric-only allows empty and digits, rejects anything else', () => {
    expect(numericOnlySchema.safeParse('').success).toBe(true);
    expect(numericOnlySchema.safeParse('0123').success).toBe(true);
    expect(numericOnlySchema.safeParse('12a').error?.issues[0]?.message).toBe(
      'Please enter numeric value',
    );
    expect(numericOnlySchema.safeParse('-1').success).toBe(false);
    expect(numericOnlySchema.safeParse('1.5').success).toBe(false);
  });

  it('email matches a standard address pattern', () => {
    const schema = emailAddressSchema();
    expect(schema.safeParse('ops@example.com').success).toBe(true);
    expect(schema.safeParse('ops@example').error?.issues[0]?.message).toBe(
      'Please enter a valid email address',
    );
    expect(schema.safeParse('no at sign').success).toBe(false);
  });

  it('name of 40 characters is valid and of 41 is not', () => {
    expect(nameMaxSchema.safeParse('a'.repeat(40)).success).toBe(true);
    expect(nameMaxSchema.safeParse('a'.repeat(41)).error?.issues[0]?.message).toBe(
      'Maximum length allowed is 40',
    );
  });

  it('empty confirmation passes', () => {
    expect(confirmationMatches('secret', '')).toBe(true);
    expect(confirmationMatches('', 'secret')).toBe(true);
    expect(confirmationMatches(undefined, 'x')).toBe(true);
  });

  it('confirmation must equal the value when both are given', () => {
    expect(confirmationMatches('secret', 'secret')).toBe(true);
    expect(confirmationMatches('secret', 'Secret')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { containsPattern } from './like-pattern';

describe('containsPattern', () => {
  it('wraps the keyword in % for a contains match', () => {
    expect(containsPattern('lobby')).toBe('%lobby%');
  });

  it('escapes LIKE wildcards and the escape character so they match literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

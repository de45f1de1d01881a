import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('business constants', () => {
  it('image max is 300 KB in bytes', () => {
    expect(c.IMAGE_MAX_BYTES).toBe(307200);
  });

  it('extended toast is 1000 ms longer', () => {
    expect(c.TOAST_EXTENDED_MS).toBe(6000);
  });

  it('the MAC prefix fills three of the six boxes', () => {
    expect(c.MAC_PREFIX).toHaveLength(3);
    expect(c.MAC_PARTS * c.MAC_PART_LENGTH).toBe(12);
    expect(c.CHALLENGE_KEY_PARTS * c.CHALLENGE_KEY_PART_LENGTH).toBe(12);
  });

  it('dc12ip thresholds rise from inhibit to critical', () => {
    expect(c.DC12IP_INHIBIT_WATTS).toBeLessThan(c.DC12IP_WARNING_WATTS);
    expect(c.DC12IP_WARNING_WATTS).toBeLessThan(c.DC12IP_CRITICAL_WATTS);
  });
});

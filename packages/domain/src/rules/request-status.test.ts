import { describe, expect, it } from 'vitest';
import { isToggleBusy, REQUEST_STATUSES } from './request-status';

describe('request status', () => {
  it('goes INIT, LOADING, SUCCESS or FAILURE', () => {
    expect(REQUEST_STATUSES).toEqual(['INIT', 'LOADING', 'SUCCESS', 'FAILURE']);
  });

  it('a watch or mute toggle refuses while one is loading', () => {
    expect(isToggleBusy('LOADING')).toBe(true);
    expect(isToggleBusy('SUCCESS')).toBe(false);
    expect(isToggleBusy('INIT')).toBe(false);
  });
});

/** The time source, passed in so tests can move time (throttle windows, token expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

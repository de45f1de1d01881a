/**
 * Sign-in throttling, decided from stored failures before any password is hashed.
 *
 * OWASP ASVS 5.0 §6.3.1 asks for controls against credential stuffing and password brute force
 * "implemented according to the application's security documentation", and §6.1.1 that the
 * documentation says how they are configured and how they prevent malicious account lockout
 * (docs/api/auth.md "Sign-in throttling"). There is no lockout: the wait doubles per key, and the
 * keys hold the client address, so nobody elsewhere can hold the owner back. (NIST SP 800-63B
 * §5.2.2, cited by §6.3, counts failures per account; per address is the price of no lockout.)
 *
 * - (account, address): 5 failures within 24 hours are free, then each further attempt waits
 *   1 s, 2 s, 4 s … (capped at 15 min) after the latest failure. Keyed by the address too, so an
 *   attacker elsewhere cannot lock the owner out. One address gets 15 guesses at an account in
 *   its first 17 minutes, then 4 an hour: about 110 a day.
 * - address, across every account: 20 failures within an hour are free, then the same doubling
 *   back-off, so one address spraying passwords over many accounts is stopped.
 *
 * A successful sign-in clears its (account, address) failures.
 */
export interface BackOffRule {
  /** Failures older than this are not counted. */
  windowMs: number;
  /** Failures within the window before any wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; it doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
}

const hour = 60 * 60 * 1000;

export const LOGIN_THROTTLE = {
  account: { windowMs: 24 * hour, freeFailures: 5, firstDelayMs: 1000, maxDelayMs: hour / 4 },
  address: { windowMs: hour, freeFailures: 20, firstDelayMs: 1000, maxDelayMs: hour / 4 },
} as const satisfies { account: BackOffRule; address: BackOffRule };

/** Failures of one key within the window: how many, and the latest. */
export interface FailureCount {
  count: number;
  latest: Date | null;
}

export type ThrottleDecision =
  { throttled: false } | { throttled: true; retryAfterSeconds: number };

/** How long after the latest failure the next attempt may be checked (0: at once). */
export function backOffMs(failures: number, rule: BackOffRule): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = failures - rule.freeFailures;
  // 2 ** doublings overflows nothing here: the cap is reached after a few dozen
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(doublings, 40));
}

/**
 * Decides whether a sign-in attempt may be checked, from the failures of its (account, address)
 * pair and of its address across all accounts, each within its rule's window. When throttled,
 * retryAfterSeconds is the longer of the two waits still to run.
 */
export function loginThrottle(
  failures: { account: FailureCount; address: FailureCount },
  now: Date,
  rules: { account: BackOffRule; address: BackOffRule } = LOGIN_THROTTLE,
): ThrottleDecision {
  const waitMs = (key: FailureCount, rule: BackOffRule) => {
    if (key.latest === null) return 0;
    return key.latest.getTime() + backOffMs(key.count, rule) - now.getTime();
  };
  const wait = Math.max(
    waitMs(failures.account, rules.account),
    waitMs(failures.address, rules.address),
  );
  if (wait <= 0) return { throttled: false };
  return { throttled: true, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
}

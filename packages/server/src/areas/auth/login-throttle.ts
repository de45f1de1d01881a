/** Per-account sign-in throttling: at most 5 failures in 15 minutes (checked before hashing). */
export const LOGIN_THROTTLE = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;

export type ThrottleDecision =
  { throttled: false } | { throttled: true; retryAfterSeconds: number };

/**
 * Decides from the times of recent failed sign-ins whether another attempt may be checked.
 * When throttled, retryAfterSeconds is when the oldest counted failure leaves the window.
 */
export function loginThrottle(
  failureTimes: readonly Date[],
  now: Date,
  rule: { maxFailures: number; windowMs: number } = LOGIN_THROTTLE,
): ThrottleDecision {
  const windowStart = now.getTime() - rule.windowMs;
  const recent = failureTimes
    .map((t) => t.getTime())
    .filter((t) => t > windowStart && t <= now.getTime())
    .sort((a, b) => b - a);
  if (recent.length < rule.maxFailures) return { throttled: false };
  const oldestCounted = recent[rule.maxFailures - 1] ?? now.getTime();
  const retryAfterMs = oldestCounted + rule.windowMs - now.getTime();
  return { throttled: true, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

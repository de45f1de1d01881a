/** How System Status writes its figures. */

const UNITS: readonly [string, number][] = [
  ['d', 86_400],
  ['h', 3_600],
  ['min', 60],
  ['s', 1],
];

/** An uptime in its two largest units: "3 d 4 h", "5 min 12 s", "9 s". */
export function formatUptime(seconds: number): string {
  let rest = Math.max(0, Math.floor(seconds));
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 || parts.length > 0 || size === 1) parts.push(`${n} ${unit}`);
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

/** A rate per second: one decimal under 100, whole above. */
export function formatRate(perSecond: number): string {
  return perSecond >= 100 ? Math.round(perSecond).toLocaleString('en-US') : perSecond.toFixed(1);
}

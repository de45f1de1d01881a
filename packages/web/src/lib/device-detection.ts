/**
 * Mobile phones are sent to /mobile (spec §2); tablets and desktops get the full console
 * (ARCHITECTURE §7). Tablets announce themselves differently per platform: Android tablets omit
 * "Mobile", iPads say "iPad" (or pose as a Mac), so only phone markers count.
 */
const PHONE_PATTERNS: readonly RegExp[] = [
  /\biPhone\b/,
  /\biPod\b/,
  /\bAndroid\b.*\bMobile\b/,
  /\bWindows Phone\b/,
  /\bIEMobile\b/,
  /\bBlackBerry\b|\bBB10\b/,
  /\bOpera Mini\b/,
  /\bMobile\b.*\bFirefox\b/,
];

const TABLET_PATTERNS: readonly RegExp[] = [/\biPad\b/, /\bTablet\b/, /\bKindle\b|\bSilk\b/];

export function isMobilePhone(userAgent: string): boolean {
  if (TABLET_PATTERNS.some((pattern) => pattern.test(userAgent))) return false;
  return PHONE_PATTERNS.some((pattern) => pattern.test(userAgent));
}

export function isMobilePhoneBrowser(): boolean {
  return typeof navigator !== 'undefined' && isMobilePhone(navigator.userAgent);
}

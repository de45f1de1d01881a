import { existsSync } from 'node:fs';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium(): string | null {
  return CANDIDATES.find((path): path is string => !!path && existsSync(path)) ?? null;
}

/**
 * How the browser tests and the browser benchmark start headless Chromium. Chromium 156 opens a
 * window for every browser context, and each window loads its address bar's WebUI popup in a
 * renderer of its own (~2 s of CPU on this 2-core machine, alongside the page under test); a
 * user's browser does that once per window, not once per page load, so it is turned off here.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];

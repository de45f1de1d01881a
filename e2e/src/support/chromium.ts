import { existsSync } from 'node:fs';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium(): string | null {
  return CANDIDATES.find((path): path is string => !!path && existsSync(path)) ?? null;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The running server's version (its package.json), as /metrics and System Status show it. */
export const SERVER_VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

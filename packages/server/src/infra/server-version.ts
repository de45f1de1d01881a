import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../server-root';

/** The running server's version (its package.json), as /metrics and System Status show it. */
export const SERVER_VERSION = (
  JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

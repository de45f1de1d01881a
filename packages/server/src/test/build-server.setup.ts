import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../../../..');

/** Builds the server (packages/server/dist) once before the integration tests start it. */
export default function buildServer() {
  execFileSync(process.execPath, ['packages/server/scripts/build.js'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}

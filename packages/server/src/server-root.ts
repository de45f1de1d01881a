import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const isServerPackage = (dir: string) => {
  const file = join(dir, 'package.json');
  return (
    existsSync(file) &&
    (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === '@powerdeck/server'
  );
};

/**
 * The server package's folder (packages/server), found upwards from this module. The server runs
 * from its sources under tsx (tests, tools) and from its build in dist/ (`npm run serve`, the
 * image), where every module shares one folder; files read at run time (migrations, the console's
 * build, package.json) are therefore found from here, never from the reading module's own folder.
 */
function findServerRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    if (isServerPackage(dir)) return dir;
  }
  throw new Error(`no @powerdeck/server package.json above ${from}`);
}

export const serverRoot = findServerRoot(import.meta.dirname);
export const repoRoot = join(serverRoot, '..', '..');

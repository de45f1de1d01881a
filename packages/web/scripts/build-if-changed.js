// Builds the console only when its sources changed since the last build made here (`npm start`):
// a hash of everything the build reads (the web and domain packages' sources and settings, the
// lockfile) is kept in dist/.build-stamp, written after a good build. `npm run build` (and so
// `npm test`) always builds; its dist then has no stamp, so the next start builds once more.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(web, '..', '..');
const dist = join(web, 'dist');
const stampPath = join(dist, '.build-stamp');

const inputs = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/domain/package.json',
  'packages/domain/src',
  'packages/web/package.json',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/postcss.config.js',
  'packages/web/tsconfig.json',
  'packages/web/public',
  'packages/web/src',
];

/** Tests are not part of the build: editing one does not make the console stale. */
const isTest = (path) => /\.test\.tsx?$/.test(path) || path.startsWith('packages/web/src/test/');

function filesUnder(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

function sourceHash() {
  const hash = createHash('sha256');
  const files = inputs
    .flatMap(filesUnder)
    .filter((path) => !isTest(path))
    .sort();
  for (const path of files) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const before = sourceHash();
const built = existsSync(join(dist, 'index.html')) && existsSync(stampPath);
if (built && readFileSync(stampPath, 'utf8').trim() === before) {
  console.log('The console is up to date (no source changed since its build).');
} else {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  // the hash of the sources the build started from: an edit made meanwhile rebuilds next time
  writeFileSync(stampPath, `${before}\n`);
}

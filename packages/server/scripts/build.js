// Builds the server into packages/server/dist (`npm run build`, `npm run serve`, the image): its
// two entries — the server and the embedded broker's child process — with our own packages
// (@powerdeck/domain, @powerdeck/simulator) compiled in, and every other package left to Node to
// load from node_modules. Run from dist, a server starts in about half the time it takes under
// tsx and is ~30 MB smaller: nothing compiles TypeScript as it runs (docs/operations.md, "Memory").
// Modules loaded lazily (PGlite, the demo fleet) stay in chunks of their own.
import { build } from 'esbuild';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(server, 'dist');

/** Whether Node's own ESM loader finds `specifier` from the server's folder. */
function nodeResolves(specifier) {
  try {
    const url = import.meta.resolve(specifier);
    // Node 20 answers a package subpath with a URL even when no file is there
    return !url.startsWith('file:') || existsSync(fileURLToPath(url));
  } catch {
    return false;
  }
}

/**
 * Another package is Node's to load from node_modules, as it would be without a build, so files it
 * finds beside itself (PGlite's extensions, argon2's binary) are where it looks. Only a subpath
 * Node's ESM loader cannot resolve (dayjs/plugin/utc: no extension, no exports map) is compiled in.
 */
const leaveToNode = {
  name: 'powerdeck:external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@powerdeck/') || !nodeResolves(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: join(server, 'src/main.ts'),
    'broker-process': join(server, 'src/infra/mqtt/broker-process.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // for `node --enable-source-maps` when a stack trace should name the sources
  sourcemap: true,
  chunkNames: 'chunk-[hash]',
  plugins: [leaveToNode],
  // CommonJS compiled in (dayjs's plugins) calls require
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

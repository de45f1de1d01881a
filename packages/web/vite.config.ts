/// <reference types="node" />
import react from '@vitejs/plugin-react';
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import MagicString from 'magic-string';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { reactOnPreact } from './react-on-preact.config.ts';

// The API server (packages/server) listens on 8080 in development; the console calls it on the
// same origin through this proxy so the session cookie works exactly as in production. The Host
// header is passed through unchanged: the server refuses requests whose Origin is not its host.
const apiTarget = process.env.POWERDECK_API ?? 'http://localhost:8080';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to each built JS, CSS and SVG file of assets/,
 * which the server sends to a browser that accepts them (@fastify/static `preCompressed`), so
 * nothing is compressed per request. Files under 1 kB are left alone: they barely shrink.
 */
function precompress(): Plugin {
  return {
    name: 'powerdeck:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => /^assets\/.*\.(js|css|svg)$/.test(file));
      // in parallel: zlib compresses on libuv's thread pool
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(join(outDir, file));
          if (data.length < 1024) return;
          const [brotli, gzipped] = await Promise.all([
            promisify(brotliCompress)(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            promisify(gzip)(data, { level: 9 }),
          ]);
          await writeFile(join(outDir, `${file}.br`), brotli);
          await writeFile(join(outDir, `${file}.gz`), gzipped);
        }),
      );
    },
  };
}

/** A node of the ESTree that `this.parse` gives a transform (rolldown's parser). */
type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/**
 * Calls `enter` on every node under `root`, parents first; `false` from it skips that node's
 * children.
 */
function walkAst(root: unknown, enter: (node: Node) => boolean | void): void {
  if (Array.isArray(root)) return root.forEach((item) => walkAst(item, enter));
  if (!isNode(root) || enter(root) === false) return;
  for (const [field, child] of Object.entries(root)) if (field !== 'type') walkAst(child, enter);
}

/**
 * The console's build of the API contract's call files (packages/domain/src/contract/calls), without
 * what the console never reads there:
 * - the documentation texts (`summary`, `rule`: the OpenAPI document's and the authorization
 *   matrix's words, ~14 kB before compression), string-valued properties so named;
 * - the schemas of `defineCall` / `defineStream` entries that only development, tests and the server
 *   read: every `input` (the console sends what its forms checked; the server validates) and the
 *   `output` of every call but a live stream (an answer is checked against it only in development
 *   and tests, call-api.ts; a stream's events are parsed with it, event-stream.ts).
 * With zod's calls marked pure (pureZodCalls below) the schemas nothing else uses are left out,
 * so the console neither downloads them nor builds them as it starts (issue 18 item 11, LCP). A value cut becomes `undefined`, its line breaks kept so the
 * source map still fits. Types are unchanged: this runs on the build only.
 */
function trimContractForConsole(): Plugin {
  const callFile = /[\\/]domain[\\/]src[\\/]contract[\\/]calls[\\/][^\\/]+\.ts$/;
  const docKeys = new Set(['summary', 'rule']);
  const schemaKeys: Record<string, ReadonlySet<string>> = {
    defineCall: new Set(['input', 'output']),
    defineStream: new Set(['input']),
  };
  const isText = (node: Node): boolean =>
    (node.type === 'Literal' && typeof node.value === 'string') ||
    node.type === 'TemplateLiteral' ||
    (node.type === 'BinaryExpression' &&
      isNode(node.left) &&
      isNode(node.right) &&
      isText(node.left) &&
      isText(node.right));
  const keyName = (property: Node): string | undefined => {
    const key = property.key as Node | undefined;
    return property.type === 'Property' && key?.type === 'Identifier'
      ? (key.name as string)
      : undefined;
  };
  return {
    name: 'powerdeck:trim-contract-for-console',
    apply: 'build',
    transform(code, id) {
      if (!callFile.test(id)) return null;
      const cuts: Array<[number, number, string]> = [];
      // a value cut is not looked into: a cut inside it would shift the offsets of its own cut
      const cutNodes = new Set<Node>();
      const cut = (value: Node, by: string) => {
        cuts.push([value.start, value.end, by]);
        cutNodes.add(value);
      };
      walkAst(this.parse(code), (node) => {
        if (cutNodes.has(node)) return false;
        if (node.type === 'ObjectExpression') {
          for (const property of node.properties as Node[]) {
            const name = keyName(property);
            const value = property.value as Node;
            if (name && docKeys.has(name) && isText(value)) cut(value, "''");
          }
        }
        const callee = node.type === 'CallExpression' ? (node.callee as Node) : undefined;
        const cutSchemas =
          callee?.type === 'Identifier' ? schemaKeys[callee.name as string] : undefined;
        const [entry] = (node.arguments as Node[] | undefined) ?? [];
        if (cutSchemas && entry?.type === 'ObjectExpression') {
          for (const property of entry.properties as Node[]) {
            const name = keyName(property);
            if (name && cutSchemas.has(name)) cut(property.value as Node, 'undefined');
          }
        }
      });
      let out = code;
      for (const [start, end, by] of cuts.sort((a, b) => b[0] - a[0])) {
        const breaks = code.slice(start, end).replace(/[^\n]/g, '');
        out = `${out.slice(0, start)}${by}${breaks}${out.slice(end)}`;
      }
      return cuts.length > 0 ? { code: out, map: null } : null;
    },
  };
}

/**
 * Marks the zod calls of the console's own modules (`packages/web/src`, `packages/domain/src`) as
 * pure: every call whose chain starts at `z` (`z.object(…)`, `z.string().min(1).optional()`),
 * each call of the chain with its own `@__PURE__` annotation (the inner ones in parentheses, so
 * that each annotation has a call of its own to mark). Building a zod schema has no side effect, so a schema nothing reads can go (see
 * trimContractForConsole): the console neither downloads it nor builds it as it starts (~50 ms of
 * a device panel's first load on this machine). Not done by name (`manualPureFunctions: ['z']`):
 * that matches every call of a function named `z` in every library too, and Preact's minified
 * renderer is one.
 */
function pureZodCalls(): Plugin {
  const ownModule = /[\\/]packages[\\/](web|domain)[\\/]src[\\/][^?]*\.tsx?$/;
  const startsAtZ = (node: Node): boolean => {
    for (let at: Node | undefined = node; at;) {
      if (at.type === 'Identifier') return at.name === 'z';
      at =
        at.type === 'CallExpression'
          ? (at.callee as Node)
          : at.type === 'MemberExpression'
            ? (at.object as Node)
            : undefined;
    }
    return false;
  };
  return {
    name: 'powerdeck:pure-zod-calls',
    apply: 'build',
    transform(code, id) {
      if (!ownModule.test(id) || !/\bz\./.test(code)) return null;
      const out = new MagicString(code);
      let marked = 0;
      walkAst(this.parse(code), (node) => {
        if (node.type === 'CallExpression' && startsAtZ(node)) {
          out.appendLeft(node.start, '/* @__PURE__ */ ');
          marked += 1;
          const callee = node.callee as Node;
          const inner = callee.type === 'MemberExpression' ? (callee.object as Node) : undefined;
          if (inner?.type === 'CallExpression') {
            out.appendLeft(inner.start, '(');
            out.prependRight(inner.end, ')');
          }
        }
      });
      if (marked === 0) return null;
      return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}

/**
 * zod's JSON Schema generation (`z.toJSONSchema`, a schema's `.toJSONSchema()`) in the console's
 * build is a module of functions that say so and throw: every classic zod schema wires a JSON
 * Schema processor into itself when it is made, which no bundler can prove unused, and the console
 * never generates JSON Schema (the server does, for docs/openapi.json). ~5 kB gzipped.
 */
function zodWithoutJsonSchema(): Plugin {
  const generator =
    /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
  return {
    name: 'powerdeck:zod-without-json-schema',
    apply: 'build',
    async load(id) {
      if (!generator.test(id)) return null;
      const real = await readFile(id, 'utf8');
      const names = new Set<string>();
      for (const [, name] of real.matchAll(/^export (?:const|let|function|class) (\w+)/gm))
        names.add(name!);
      for (const [, list = ''] of real.matchAll(/^export \{([^}]*)\}/gm)) {
        for (const [, exported] of importedNames(list)) names.add(exported);
      }
      // `create…Method` make a schema's methods (the `~standard` getter makes two whenever it is
      // read): they still return one, which throws when called.
      const stub = [...names]
        .map((name) =>
          name.startsWith('create')
            ? `export const ${name} = () => unavailable;`
            : `export const ${name} = unavailable;`,
        )
        .join('\n');
      return `function unavailable() {\n  throw new Error('zod: JSON Schema is not generated in the console');\n}\n${stub}\n`;
    },
  };
}

/**
 * react-router's package exports only its development build, whose dev-only warnings stay in the
 * bundle (they sit behind a constant, not `process.env.NODE_ENV`); the build takes the production
 * copy it ships beside it, the same code with that constant off.
 */
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
  'production',
);

/**
 * The console's base: app.tsx (Mantine's provider, react-query, the router, the route table) and
 * every module it imports statically, transitively, plus the libraries the public account pages
 * import so: what any page past the sign-in screen needs at once (see the 'console' chunk).
 * Mantine's package entries re-export every component and hook: through them only the files of the
 * names a module imports are followed, else the signed-in pages' components would count too. The
 * domain package's entry is not followed (its modules go where rolldown puts them, as before);
 * icons and dayjs load in their own small chunks, as before.
 */
const consoleEntry = join(import.meta.dirname, 'src', 'app', 'app.tsx');
const authPages = join(import.meta.dirname, 'src', 'features', 'auth', 'routes');
const publicPages = readdirSync(authPages)
  .filter((file) => file.endsWith('-page.tsx'))
  .map((file) => join(authPages, file));
const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id);
const notFollowed =
  /[\\/]node_modules[\\/](dayjs|@tabler[\\/]icons-react)[\\/]|[\\/]domain[\\/]src[\\/]index\.ts$/;
const mantineEntry = /[\\/]node_modules[\\/]@mantine[\\/](core|hooks)[\\/]esm[\\/]index\.mjs$/;

/** The names an `import { a, b as c } from "…"` list brings in: [imported, local] pairs. */
function importedNames(list: string): Array<[string, string]> {
  return list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .flatMap(([name, local]): Array<[string, string]> => (name ? [[name, local ?? name]] : []));
}

/** Which file each name of a Mantine package entry comes from. */
function mantineFiles(entry: string, code: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, list = '', from = ''] of code.matchAll(
    /import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g,
  )) {
    for (const [, local] of importedNames(list)) files.set(local, join(dirname(entry), from));
  }
  return files;
}

let consoleBase: Set<string> | undefined;
let publicReach: Set<string> | undefined;
function inConsoleBase(id: string, ctx: Rolldown.ChunkingContext): boolean {
  reachable(ctx);
  return consoleBase?.has(id) ?? false;
}

/** What the public account pages import, statically and transitively. */
function inPublicPages(id: string, ctx: Rolldown.ChunkingContext): boolean {
  reachable(ctx);
  return publicReach?.has(id) ?? false;
}

function reachable(ctx: Rolldown.ChunkingContext): void {
  const importsOf = (moduleId: string): string[] => {
    const info = ctx.getModuleInfo(moduleId);
    if (!info) return [];
    return info.importedIds.flatMap((imported) => {
      const mantine = mantineEntry.exec(imported);
      if (!mantine) return [imported];
      const files = mantineFiles(imported, ctx.getModuleInfo(imported)?.code ?? '');
      const from = new RegExp(
        `import\\s*\\{([^}]*)\\}\\s*from\\s*["']@mantine/${mantine[1]}["']`,
        'g',
      );
      return [...(info.code ?? '').matchAll(from)].flatMap(([, list = '']) =>
        importedNames(list).flatMap(([name]) => files.get(name) ?? []),
      );
    });
  };
  const walk = (
    roots: string[],
    keep: (id: string) => boolean,
    into: Set<string>,
    skip = notFollowed,
  ) => {
    const seen = new Set<string>();
    const stack = roots.flatMap(importsOf);
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (seen.has(next) || skip.test(next)) continue;
      seen.add(next);
      if (keep(next)) into.add(next);
      stack.push(...importsOf(next));
    }
  };
  if (!consoleBase || !publicReach) {
    consoleBase = new Set([consoleEntry]);
    walk([consoleEntry], () => true, consoleBase);
    walk(publicPages, isLibrary, consoleBase);
    // the domain package's entry and the icons too (not other libraries): what the public pages
    // use of them must not go into 'shared' or 'icons'
    publicReach = new Set(publicPages);
    walk(publicPages, () => true, publicReach, /[\\/]node_modules[\\/](?!@tabler[\\/])/);
  }
}

const icon = /[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]/;
const ownModule = /[\\/]packages[\\/](web|domain)[\\/]src[\\/]/;

/** Libraries only the signed-in pages load (see the 'vendor' chunk below). */
function isSignedInVendor(id: string): boolean {
  return (
    /[\\/]node_modules[\\/]/.test(id) &&
    !/[\\/]node_modules[\\/](dayjs|@tabler[\\/]icons-react)[\\/]/.test(id) &&
    !/[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Container[\\/]/.test(id)
  );
}

/** The console's build: what the browser loads, in the chunks below. */
const consoleBuild: UserConfig = {
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json lets scripts/bundle-size.js measure what each page loads.
    manifest: true,
    // The first-page chunk is ~520 kB before compression; scripts/bundle-size.js (npm test)
    // holds the gzipped budgets, so vite's generic warning only repeats it.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the plain sign-in screen) in one chunk
          // beside it, not in dozens of small shared chunks the first page would fetch one by
          // one. The console (app.tsx) and later pages load their own chunks and the library
          // chunks below (issue 18 item 10: scripts/bundle-size.js has the numbers).
          groups: [
            { name: 'first-page', tags: ['$initial'], priority: 3 },
            // The console's base and the public pages' libraries (Mantine's provider and the
            // components those pages use, react-query, the router) in one chunk: what any page
            // past the sign-in screen needs, without the signed-in pages' 'vendor' chunk.
            {
              debugName: 'console',
              name: (id, ctx) => (inConsoleBase(id, ctx) ? 'console' : null),
              priority: 1.5,
            },
            // uPlot: the energy pages only.
            { name: 'charts', test: /node_modules[\\/]uplot/, priority: 2 },
            // zod and the form library as one chunk each: a page that uses them needs nearly all.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/,
              priority: 2,
            },
            // The rest of the libraries the signed-in pages use (Mantine's components, floating-ui,
            // virtual lists, react-query's remainder) in one chunk instead of ~60 small ones: the
            // whole app is ~30 kB smaller and a page fetches a few files instead of dozens. What the
            // public pages need past the first page (dayjs, icons, Container) stays out of it so
            // they do not load the signed-in pages' libraries.
            { name: 'vendor', test: isSignedInVendor, priority: 1 },
            // The icons the signed-in pages use (a few hundred bytes each) as one chunk, not one
            // request each; the public pages' few stay apart.
            {
              debugName: 'icons',
              name: (id, ctx) => (icon.test(id) && !inPublicPages(id, ctx) ? 'icons' : null),
              priority: 2,
            },
            // What the public account pages use of the console's own modules (the API client, the
            // contract, schemas), in a chunk of its own: else 'shared' below would take them with
            // the modules that need them, and a sign-up would load the signed-in pages' code.
            {
              debugName: 'account',
              name: (id, ctx) =>
                ownModule.test(id) && inPublicPages(id, ctx) && !publicPages.includes(id)
                  ? 'account'
                  : null,
              priority: 0.6,
            },
            // The console's own modules that several pages share (API calls, texts, cards, rules)
            // as one chunk: a page then fetches a handful of files instead of ~40 small ones, which
            // over HTTP/1.1's six connections per site kept the first page waiting (issue 18 LCP).
            {
              debugName: 'shared',
              name: (id, ctx) => (ownModule.test(id) && !inPublicPages(id, ctx) ? 'shared' : null),
              minShareCount: 2,
              priority: 0.5,
            },
          ],
        },
      },
    },
  },
};

/**
 * The server's render of signed-in pages (src/server-render/render-worker.ts, the thread that runs
 * render-page.tsx; `vite build --ssr`): one Node module with every library in it, so the same
 * aliases (Preact for React) and the same trims apply as in the console's build. Into dist/.ssr/,
 * which the server does not serve (it ignores dot directories) and starts itself.
 */
const serverRenderBuild: UserConfig = {
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: false } },
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  ...(isSsrBuild ? serverRenderBuild : consoleBuild),
  plugins: [
    // JSX only: React Fast Refresh patches React's renderer, which the console does not run
    // (Preact, react-on-preact.config.ts); an edit in `npm run dev` reloads the page instead.
    react({ refreshExclude: /./ }),
    trimContractForConsole(),
    pureZodCalls(),
    zodWithoutJsonSchema(),
    precompress(),
  ],
  resolve: {
    alias: [
      ...reactOnPreact,
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    proxy: {
      '/data-svc': { target: apiTarget },
    },
  },
  preview: {
    proxy: {
      '/data-svc': { target: apiTarget },
    },
  },
}));

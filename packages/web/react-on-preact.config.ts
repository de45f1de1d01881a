import { join } from 'node:path';

const shim = join(import.meta.dirname, 'src', 'lib', 'react-on-preact.js');

/**
 * The console runs on Preact's React layer: these aliases make every 'react' and 'react-dom' import,
 * ours and the libraries', Preact (src/lib/react-on-preact.js). Used by the build (vite.config.ts)
 * and by the component tests (vitest.config.ts), so the tests run what ships.
 */
export const reactOnPreact = [
  { find: /^react$/, replacement: shim },
  { find: /^react-dom$/, replacement: shim },
  { find: /^react-dom\/client$/, replacement: shim },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

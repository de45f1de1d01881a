import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './packages/web/react-on-preact.config.ts';

/**
 * Vitest's default is one worker fewer than the cores: one on a 2-core machine (CI's), where a
 * project then ran one file at a time with a core idle. Every project but e2e uses every core (at
 * least two). The integration files mostly wait (database, broker, timers): one at a time, CI's
 * machine sat ~50 % idle through them. The two CI failures they had side by side are mended: a
 * firmware turn's start was stamped before it waited for the lock (9ed9189), and a wait for the
 * event log was 5 s (eventually() now waits up to 15 s).
 */
const workers = Math.max(2, availableParallelism());

/**
 * The component tests run on Preact as the console does (react-on-preact.config.ts). Their libraries
 * are transformed by vite (`deps.inline`) so that the aliases reach every 'react' import, and
 * Testing Library is taken as its ES module: its CommonJS build would `require('react-dom')` itself.
 */
const componentResolve = {
  mainFields: ['module', 'jsnext:main', 'jsnext', 'main'],
  conditions: ['module', 'browser', 'development'],
  alias: [
    ...reactOnPreact,
    {
      find: /^@testing-library\/react$/,
      replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
    },
  ],
};

/**
 * Component tests that replace a library module (vi.mock): a mock takes effect only in a file that
 * imports the module afresh, so these run isolated, apart from the other component tests.
 */
const WEB_MOCKING_MODULES = [
  'packages/web/src/features/devices/routes/outlet-row-renders.test.tsx',
  'packages/web/src/features/energy/routes/device-energy-page.test.tsx',
  'packages/web/src/features/system-status/routes/system-status-page.test.tsx',
];

// Three levels (CONVENTIONS "Tests"): unit (pure rules, components), integration (real routes on a
// real database and broker), e2e (real Chromium against a started server).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/{domain,server,simulator}/src/**/*.test.ts',
            'bench/src/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          maxWorkers: workers,
          // Pure rules: nothing to reset between files, and importing the modules once per worker
          // instead of once per file is most of this project's time (49 s → 8 s).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: componentResolve,
        test: {
          name: 'web',
          server: { deps: { inline: true } },
          environment: 'jsdom',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          exclude: [...WEB_MOCKING_MODULES, '**/node_modules/**'],
          setupFiles: ['packages/web/src/test/setup.ts'],
          maxWorkers: workers,
          // One jsdom and one import of React, Mantine and the pages per worker instead of per
          // file (340 s → 160 s); setup.ts clears what the pages leave behind between tests.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: componentResolve,
        test: {
          name: 'web-mocking',
          server: { deps: { inline: true } },
          environment: 'jsdom',
          include: WEB_MOCKING_MODULES,
          setupFiles: ['packages/web/src/test/setup.ts'],
          maxWorkers: workers,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['packages/**/src/**/*.int.test.ts'],
          // the several-servers test starts the server as it ships, built
          globalSetup: ['packages/server/src/test/build-server.setup.ts'],
          exclude: ['**/node_modules/**'],
          // Each file starts its own app on its own database and broker; the server's modules
          // keep no state between apps, so a worker imports them once instead of once per file
          // (~1.6 s each, 53 files, twice in CI).
          isolate: false,
          maxWorkers: workers,
          // a group of its own, after the components
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/src/**/*.e2e.test.ts'],
          globalSetup: ['e2e/src/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // one file at a time: a group of its own, after the others when all projects run at once
          sequence: { groupOrder: 2 },
          // A page waits on the server and the fleet; vitest's 1 s default made polls flaky on a
          // loaded CI machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

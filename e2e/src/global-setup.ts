import type { TestProject } from 'vitest/node';
import { startServer } from './support/server';
import { findChromium } from './support/chromium';
import { DEMO_FAULTS } from './support/demo-faults';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string | null;
  }
}

/** Starts one real server (embedded database, demo data) for every end-to-end test file. */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!chromiumPath && process.env.CI === 'true') {
    throw new Error(
      'Chromium is not installed: CI must run the browser tests (apt-get install -y chromium).',
    );
  }
  if (!chromiumPath) {
    console.warn(
      '\n*** Chromium not found: the browser tests are SKIPPED (install it with apt-get install -y chromium) ***\n',
    );
  }
  const server = await startServer({ DEMO_FAULTS });
  project.provide('baseUrl', server.baseUrl);
  project.provide('chromiumPath', chromiumPath);
  return async () => {
    await server.stop();
  };
}

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchModule } from './bench';

/**
 * Runs every `*.bench.ts` module of this folder in turn (or those named on the command line, e.g.
 * `npm run bench -- device-link`) and prints their figures. Benchmarks measure; they never assert.
 */
async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const files = readdirSync(import.meta.dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
    .sort();
  if (files.length === 0) console.log('No benchmark modules matched.');
  for (const file of files) {
    const imported = (await import(pathToFileURL(join(import.meta.dirname, file)).href)) as {
      default: BenchModule;
    };
    const bench = imported.default;
    console.log(`\n=== ${bench.name} (${file}) ===`);
    const started = performance.now();
    try {
      for (const result of await bench.run()) {
        console.log(`\n${result.name}`);
        console.table(result.figures);
        if (result.note) console.log(`note: ${result.note}`);
      }
    } catch (error) {
      console.error(`${bench.name} failed:`, error);
      process.exitCode = 1;
    }
    console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}

main()
  .then(() => process.exit())
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

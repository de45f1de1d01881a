import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../../..');

describe('server start-up', () => {
  it('a bad configuration value stops the server with exit code 1, naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid configuration: PORT /);
  });
});

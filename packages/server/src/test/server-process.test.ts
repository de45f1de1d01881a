import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './server-process';

const repoRoot = resolve(import.meta.dirname, '../../../..');

describe('SERVER_NODE_FLAGS', () => {
  it('are the flags npm run serve and the Dockerfile start the built server with', () => {
    const pkg = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as {
      scripts: { serve: string };
    };
    const serve = pkg.scripts.serve;
    const cmd = readFileSync(resolve(repoRoot, 'Dockerfile'), 'utf8').match(/^CMD (\[.*\])$/m)?.[1];

    expect(serve).toBe(
      `node packages/server/scripts/build.js && node ${SERVER_NODE_FLAGS.join(' ')} ${SERVER_ENTRY}`,
    );
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SERVER_NODE_FLAGS, SERVER_ENTRY]);
  });
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SERVER_ENTRY, SERVER_NODE_FLAGS, outputWatch } from './server-process';

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

describe('outputWatch', () => {
  it('keeps all the output and sees the marker once, also when it comes split over chunks', () => {
    const onSeen = vi.fn();
    const watch = outputWatch('"msg":"listening"', onSeen);
    watch.collect('{"msg":"starting"}\n{"msg":"lis');
    expect(onSeen).not.toHaveBeenCalled();
    watch.collect('tening"}\n');
    expect(onSeen).toHaveBeenCalledTimes(1);
    watch.collect('{"msg":"listening"}\n');
    expect(onSeen).toHaveBeenCalledTimes(1);
    expect(watch.seen()).toBe(true);
    expect(watch.text()).toBe('{"msg":"starting"}\n{"msg":"listening"}\n{"msg":"listening"}\n');
  });

  it('does not see a marker that never came', () => {
    const onSeen = vi.fn();
    const watch = outputWatch('"msg":"listening"', onSeen);
    watch.collect('{"msg":"listen"}');
    watch.collect('ing"}');
    expect(onSeen).not.toHaveBeenCalled();
    expect(watch.seen()).toBe(false);
  });
});

import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { callName, callPath, defineCall, defineStream } from './call';

const base = {
  area: 'eventPuller',
  input: z.object({}),
  output: z.object({ n: z.number() }),
  access: 'user',
  summary: 'a test call',
} as const;

describe('calls whose path is the call', () => {
  it('are named by their path, and a call without svc must name its script', () => {
    const path = defineCall({ ...base, svc: null, script: 'getThings.php', methods: ['GET'] });
    expect(callName(path)).toBe('eventPuller/getThings.php');
    expect(callName(defineCall({ ...base, svc: 'things', methods: ['GET'] }))).toBe(
      'eventPuller svc=things',
    );
    expect(() => defineCall({ ...base, svc: null, methods: ['GET'] })).toThrow(
      'eventPuller: a call without svc names its script',
    );
  });

  it('a stream is a GET of its own path with its input in the query', () => {
    const stream = defineStream({ ...base, script: 'somePusher.php' });
    expect(stream).toMatchObject({ svc: null, methods: ['GET'], body: 'query', stream: true });
    expect(callPath(stream)).toBe('/data-svc/eventPuller/somePusher.php');
  });
});

import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';

interface Operation {
  parameters: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }>;
}

const operation = (path: string): Operation => {
  const paths = buildOpenApiDocument('test').paths as Record<string, Record<string, Operation>>;
  const found = paths[path]?.get;
  if (!found) throw new Error(`no GET ${path}`);
  return found;
};

describe('the OpenAPI document: calls without svc and live streams', () => {
  it('describes a call whose path is the call at that path, without a svc parameter', () => {
    const sequencers = operation('/data-svc/bb232/sequencers.php');
    expect(sequencers.parameters.map((p) => p.name)).not.toContain('svc');
    expect(sequencers.parameters.map((p) => p.name)).toContain('req');
    expect(Object.keys(sequencers.responses['200']?.content ?? {})).toEqual(['application/json']);
  });

  it('describes a stream as text/event-stream of its event payloads, resumable by Last-Event-ID', () => {
    const stream = operation('/data-svc/eventPuller/eventPullerPusher.php');
    expect(Object.keys(stream.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    const events = stream.responses['200']?.content?.['text/event-stream']?.schema;
    expect(Object.keys(events?.properties ?? {})).toEqual(['seq', 'at', 'event']);
    expect(stream.parameters.map((p) => `${p.in} ${p.name}`)).toContain('header Last-Event-ID');
    expect(Object.keys(stream.responses)).toEqual(expect.arrayContaining(['400', '401', '403']));
    const alerts = operation('/data-svc/eventPuller/alertsPusher.php');
    expect(Object.keys(alerts.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
  });
});

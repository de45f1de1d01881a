import { allCalls } from '@powerdeck/domain';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, openApiText } from './openapi';

describe('the OpenAPI document', () => {
  it('committed as docs/api/openapi.json is what the call table generates (run `npm run openapi`)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(openApiText());
  });

  it('describes every call of the table with its svc, parameters and answers', () => {
    const document = JSON.parse(openApiText()) as {
      paths: Record<string, Record<string, { parameters: { name: string }[]; responses: object }>>;
    };
    for (const call of allCalls()) {
      const item = document.paths[`/data-svc/${call.area}/${call.script}?svc=${call.svc}`];
      expect(item, `${call.area} svc=${call.svc}`).toBeDefined();
      for (const method of call.methods) {
        const operation = item?.[method.toLowerCase()];
        expect(operation?.parameters.map((p) => p.name)).toContain('svc');
        expect(Object.keys(operation?.responses ?? {})).toContain('200');
      }
    }
  });
});

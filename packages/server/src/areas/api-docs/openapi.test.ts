import { allCalls, callName } from '@powerdeck/domain';
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
      const path = `/data-svc/${call.area}/${call.script}`;
      const item = document.paths[call.svc === null ? path : `${path}?svc=${call.svc}`];
      expect(item, callName(call)).toBeDefined();
      for (const method of call.methods) {
        const operation = item?.[method.toLowerCase()];
        const names = operation?.parameters.map((p) => p.name);
        if (call.svc === null) expect(names, callName(call)).not.toContain('svc');
        else expect(names).toContain('svc');
        expect(Object.keys(operation?.responses ?? {})).toContain('200');
      }
    }
  });
});

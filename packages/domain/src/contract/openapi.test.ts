import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';

interface Operation {
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties: object; required: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}

const operation = (path: string, method: string): Operation => {
  const paths = buildOpenApiDocument('test').paths as Record<string, Record<string, Operation>>;
  const found = paths[path]?.[method];
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
};

describe('the OpenAPI document of the call table', () => {
  it("sends a multipart call's files in the body, required, and its other fields in the query", () => {
    const upload = operation('/data-svc/images/data-svc.php?svc=uploadPicture', 'post');
    expect(upload.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(['query svc', 'query uuid']);
    const body = upload.requestBody?.content['multipart/form-data']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(['fileToUpload']);
    expect(body?.required).toEqual(['fileToUpload']);
  });

  it('describes an answer of bytes by its media type, not as JSON', () => {
    const picture = operation('/data-svc/images/data-svc.php?svc=picture', 'get');
    expect(Object.keys(picture.responses['200']?.content ?? {})).toEqual(['image/*']);
    expect(picture.responses['200']?.content?.['image/*']?.schema).toEqual({
      type: 'string',
      format: 'binary',
    });
  });
});

import { buildOpenApiDocument } from '@powerdeck/domain/openapi';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from '../../server-root';

/** Where the generated document is committed (drift-checked by openapi.test.ts). */
export const OPENAPI_FILE = resolve(repoRoot, 'docs/api/openapi.json');

const version = (
  JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as { version: string }
).version;

/** The OpenAPI document of this server's API, as text (the committed file's exact content). */
export function openApiText(): string {
  return `${JSON.stringify(buildOpenApiDocument(version), null, 2)}\n`;
}

import type { FastifyInstance } from 'fastify';
import { openApiText } from './openapi';
import { renderReferencePage } from './reference-page';

/**
 * `GET /api/openapi.json`: the generated OpenAPI 3.1 document of every call, and `GET /api/docs`:
 * the same as a browsable page (both public). The page is rendered at its first request, not at
 * start (every test app would pay for it), and kept.
 */
export function registerApiDocsRoutes(app: FastifyInstance): void {
  const text = openApiText();
  let page: string | undefined;
  app.get('/api/openapi.json', (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(text),
  );
  app.get('/api/docs', (_request, reply) => {
    page ??= renderReferencePage(JSON.parse(text));
    return reply.type('text/html; charset=utf-8').send(page);
  });
}

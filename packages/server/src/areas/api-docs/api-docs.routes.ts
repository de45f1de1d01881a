import type { FastifyInstance } from 'fastify';
import { openApiText } from './openapi';

/** `GET /api/openapi.json`: the generated OpenAPI 3.1 document of every call (public). */
export function registerApiDocsRoutes(app: FastifyInstance): void {
  const text = openApiText();
  app.get('/api/openapi.json', (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(text),
  );
}

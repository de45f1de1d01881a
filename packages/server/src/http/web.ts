import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { messages } from './errors';
import { loadPageRenderer, type PageRenderer } from './server-render';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Powerdeck</title></head>
<body><h1>The console is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it), then reload.</p>
</body></html>`;

/**
 * Serves the built console from WEB_DIST: hashed /assets/* cached for a year, everything else
 * revalidated; a file's brotli or gzip copy written by the build (.br, .gz) goes to a browser that
 * accepts it; any other GET that accepts HTML gets index.html (client-side routes), with a
 * signed-in page rendered into it by the server when it can be (server-render.ts). Unknown
 * /data-svc/ paths are always a JSON 404, never the console page.
 */
export async function installWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  const renderer: PageRenderer | undefined = built
    ? await loadPageRenderer(app, webDist)
    : undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // '/' is the console's entry too (it redirects to /login on the client).
      index: ['index.html'],
      dotfiles: 'ignore',
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        const hashed = path.startsWith(join(webDist, 'assets'));
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/data-svc/') &&
      request.url !== '/data-svc' &&
      (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) {
      return reply.code(404).send({ error: messages.notFound });
    }
    if (!built) {
      return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    const rendered = request.method === 'GET' ? renderer?.(request) : undefined;
    if (rendered) {
      // the page shows the visitor's own data: never kept by a cache
      reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding');
      if (rendered.encoding) reply.header('content-encoding', rendered.encoding);
      return reply.type('text/html; charset=utf-8').send(rendered.body);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

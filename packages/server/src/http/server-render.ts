import type { FromRenderThread, ToRenderThread } from '@powerdeck/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable, type Transform } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { SESSION_COOKIE } from './cookies';

/**
 * The console page for a request, as a stream of HTML (compressed as `encoding` says): index.html
 * with the page rendered into it when it can be; undefined when nobody is signed in (send
 * index.html as it is).
 */
export type PageRenderer = (
  request: FastifyRequest,
) => { body: Readable; encoding: 'br' | 'gzip' | undefined } | undefined;

const EMPTY_ROOT = '<div id="root"></div>';

/** A page not rendered by then is sent unrendered: the browser renders it, as without this. */
const RENDER_TIMEOUT_MS = 2_000;

/** Request headers a page's calls are made with: the visitor's, as their browser would send. */
const FORWARDED = ['cookie', 'host', 'user-agent', 'accept-language', 'x-forwarded-for'] as const;

type Rendered = Extract<FromRenderThread, { type: 'rendered' }>['rendered'];

interface Render {
  request: FastifyRequest;
  /** The headers its calls are made with (built once: a page makes up to ~17 calls). */
  headers: Record<string, string>;
  done: (rendered: Rendered) => void;
  fail: (error: Error) => void;
}

/** The visitor's headers a page's calls are made with (FORWARDED), asking for JSON. */
function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * The web build's render thread (WEB_DIST/.ssr/render-worker.js), started at the first page it
 * renders and again after it stops; a page's calls are answered here, in-process (`inject`), as
 * the visitor, so they pass the same session, permission and validation checks as the browser's.
 */
class RenderThread {
  private worker: Worker | undefined;
  private readonly renders = new Map<number, Render>();
  private lastRender = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly script: string,
  ) {}

  /** What goes in place of the page's empty #root; null when there is nothing to render there. */
  render(request: FastifyRequest): Promise<Rendered> {
    const renderId = ++this.lastRender;
    return new Promise<Rendered>((done, fail) => {
      this.renders.set(renderId, { request, headers: forwardedHeaders(request), done, fail });
      this.post({ type: 'render', renderId, url: request.url });
    }).finally(() => this.renders.delete(renderId));
  }

  stop(): Promise<number> | undefined {
    return this.worker?.terminate();
  }

  private post(message: ToRenderThread): void {
    this.started().postMessage(message);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    // Rendering makes much short-lived garbage: young space as V8 sizes it by default, not the
    // server's own 4 MiB semi-spaces (docs/operations.md, "Memory"), ~25 % less time per page.
    const worker = new Worker(this.script, { resourceLimits: { maxYoungGenerationSizeMb: 48 } });
    // the server does not wait for it to exit
    worker.unref();
    worker.on('message', (message: FromRenderThread) => void this.heard(message));
    const stopped = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const render of this.renders.values()) render.fail(error);
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`the render thread stopped (${code})`)));
    this.worker = worker;
    return worker;
  }

  private async heard(message: FromRenderThread): Promise<void> {
    const render = this.renders.get(message.renderId);
    if (!render) return;
    if (message.type === 'rendered') return render.done(message.rendered);
    if (message.type === 'failed') return render.fail(new Error(message.message));
    const { request, headers } = render;
    const answer = await this.app
      .inject({ method: 'GET', url: message.url, headers, remoteAddress: request.ip })
      .then(
        (reply) => ({
          status: reply.statusCode,
          contentType: String(reply.headers['content-type'] ?? ''),
          body: reply.body,
        }),
        // the page's render sees a failed call, as the browser would
        () => ({ status: 500, contentType: 'text/plain', body: '' }),
      );
    this.worker?.postMessage({
      type: 'answer',
      callId: message.callId,
      ...answer,
    } satisfies ToRenderThread);
  }
}

/**
 * Renders a signed-in visitor's fresh load of a console page on the server, with its data, when
 * the web build has a render thread (WEB_DIST/.ssr/render-worker.js, `npm run build`); undefined
 * when it has none. The page is then on screen as soon as its HTML and CSS are, where the browser
 * alone would first compile and run the console's JavaScript (issue 18 item 11, LCP). The head of
 * index.html goes at once, so the browser fetches the stylesheets and scripts meanwhile; a page
 * that cannot be rendered in time, or throws, goes with an empty #root as before, and is logged.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  webDist: string,
): Promise<PageRenderer | undefined> {
  const script = join(webDist, '.ssr', 'render-worker.js');
  if (!existsSync(script)) return undefined;
  const thread = new RenderThread(app, script);
  app.addHook('onClose', async () => {
    await thread.stop();
  });
  const page = await withStylesheets(await readFile(join(webDist, 'index.html'), 'utf8'), webDist);
  const at = page.indexOf(EMPTY_ROOT);
  if (at < 0) throw new Error(`${webDist}/index.html has no ${EMPTY_ROOT}`);
  const head = page.slice(0, at);
  const tail = page.slice(at + EMPTY_ROOT.length);

  /** The page's #root, rendered, or empty (the browser renders it) when it cannot be. */
  async function root(request: FastifyRequest): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`not rendered within ${RENDER_TIMEOUT_MS} ms`)),
        RENDER_TIMEOUT_MS,
      );
    });
    const start = performance.now();
    try {
      const rendered = await Promise.race([thread.render(request), timeout]);
      if (!rendered) return EMPTY_ROOT;
      const { root: html, ...how } = rendered;
      request.log.debug({ ...how, ms: Math.round(performance.now() - start) }, 'page rendered');
      return html;
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, 'page sent without the server render');
      return EMPTY_ROOT;
    } finally {
      clearTimeout(timer);
    }
  }

  return (request) => {
    // nobody signed in: the sign-in page, rendered by the browser (no call needed to know)
    if (!request.cookies[SESSION_COOKIE]) return undefined;
    const { encoding, stream } = encoderFor(request);
    const write = (part: string) =>
      new Promise<void>((done) => {
        stream.write(part);
        if (stream.flush) stream.flush(() => done());
        else done();
      });
    void (async () => {
      await write(head);
      await write(await root(request));
      stream.end(tail);
    })().catch((error: unknown) => stream.destroy(error as Error));
    return { body: stream, encoding };
  };
}

/**
 * Brotli or gzip when the browser takes them (a rendered page is ~10 times smaller), each part
 * flushed as it is written so that the head is not held back; else the HTML as it is.
 */
function encoderFor(request: FastifyRequest): {
  encoding: 'br' | 'gzip' | undefined;
  stream: Transform & { flush?: (done: () => void) => void };
} {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    // quality 5: a few milliseconds for a large page, most of the gain of the best
    const br = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { encoding: 'br', stream: br };
  }
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', stream: createGzip() };
  return { encoding: undefined, stream: new PassThrough() };
}

/**
 * index.html with a link to every stylesheet of the build: a rendered page is painted from its
 * HTML, before the JavaScript that would load its components' styles has run. (Vite's loader does
 * not load a stylesheet the page already links.) ~9 kB beside Mantine's, which index.html links.
 */
async function withStylesheets(indexHtml: string, webDist: string): Promise<string> {
  const linked = new Set(
    [...indexHtml.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]),
  );
  const links = (await readdir(join(webDist, 'assets')))
    .filter((file) => file.endsWith('.css') && !linked.has(`/assets/${file}`))
    .sort()
    .map((file) => `<link rel="stylesheet" crossorigin href="/assets/${file}">`)
    .join('');
  return indexHtml.replace('</head>', `${links}</head>`);
}

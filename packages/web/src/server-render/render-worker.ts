/**
 * The thread that renders console pages for the server (the entry of the web's server build,
 * `vite build --ssr`, into dist/.ssr/render-worker.js; started by
 * packages/server/src/http/server-render.ts). Rendering a page takes tens of milliseconds of CPU;
 * on its own thread it never holds up the server's answers to other requests (the stylesheets and
 * scripts of the very page being rendered among them). The page's calls go to the server, which
 * answers them as the visitor.
 */
import type { FromRenderThread, ToRenderThread } from '@powerdeck/domain';
import { parentPort } from 'node:worker_threads';
import { renderRoot, type Send } from './render-page';

if (!parentPort) throw new Error('render-worker.js runs as a worker thread of the console server');
const server = parentPort;
const post = (message: FromRenderThread) => server.postMessage(message);

const waiting = new Map<number, (answer: Response) => void>();
let lastCall = 0;

function sendFor(renderId: number): Send {
  return (url, init) => {
    if ((init.method ?? 'GET') !== 'GET') {
      return Promise.reject(new Error(`server render: a ${init.method} call (${url})`));
    }
    const callId = ++lastCall;
    post({ type: 'call', renderId, callId, url });
    return new Promise((resolve) => waiting.set(callId, resolve));
  };
}

server.on('message', (message: ToRenderThread) => {
  if (message.type === 'answer') {
    const resolve = waiting.get(message.callId);
    waiting.delete(message.callId);
    // a 204 or 304 carries no body, and a Response refuses one
    const body = [204, 205, 304].includes(message.status) ? null : message.body;
    resolve?.(
      new Response(body, {
        status: message.status,
        headers: { 'content-type': message.contentType },
      }),
    );
    return;
  }
  const { renderId, url } = message;
  renderRoot(url, sendFor(renderId)).then(
    (rendered) => post({ type: 'rendered', renderId, rendered }),
    (error: unknown) => post({ type: 'failed', renderId, message: String(error) }),
  );
});

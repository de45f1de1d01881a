/**
 * The messages between the console server and the thread that renders console pages for it (the
 * web build's dist/.ssr/render-worker.js; packages/server/src/http/server-render.ts starts it). The
 * thread renders; the server answers the page's API calls, as the visitor, and serves everything
 * else meanwhile.
 */

/** To the render thread: render a page; answer one of its calls. */
export type ToRenderThread =
  | { type: 'render'; renderId: number; url: string }
  | { type: 'answer'; callId: number; status: number; contentType: string; body: string };

/** From the render thread: a call a page makes (a GET); a page rendered, or not. */
export type FromRenderThread =
  | { type: 'call'; renderId: number; callId: number; url: string }
  /**
   * `root`: what goes in place of index.html's empty #root, after `renders` renders of the page
   * that took `renderMs` in all; null: nothing to render there.
   */
  | {
      type: 'rendered';
      renderId: number;
      rendered: { root: string; renders: number; renderMs: number } | null;
    }
  | { type: 'failed'; renderId: number; message: string };

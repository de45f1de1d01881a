import type { SessionUser } from '@powerdeck/domain';
import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON the server's render of a page leaves beside it (server-render/). */
export const SERVER_RENDER_STATE_ID = 'pd-server-render';

/** What the server knew when it rendered the page: who is signed in, and the data it showed. */
export interface ServerRenderState {
  user: SessionUser;
  queries: DehydratedState;
  /** The page rendered, when the route table sent the address asked for on to it. */
  path?: string;
}

/**
 * The state of a page the server rendered, taken out of the document (read once), or undefined
 * when the page came without one (signed out, or rendered by the browser only).
 */
export function takeServerRenderState(): ServerRenderState | undefined {
  const script = document.getElementById(SERVER_RENDER_STATE_ID);
  if (!script) return undefined;
  script.remove();
  try {
    const state = JSON.parse(script.textContent ?? '') as ServerRenderState;
    return state.user ? state : undefined;
  } catch {
    return undefined;
  }
}

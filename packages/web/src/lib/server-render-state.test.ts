import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_RENDER_STATE_ID, takeServerRenderState } from './server-render-state';

function leave(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SERVER_RENDER_STATE_ID;
  script.textContent = text;
  document.body.append(script);
}

describe('takeServerRenderState', () => {
  afterEach(() => document.getElementById(SERVER_RENDER_STATE_ID)?.remove());

  it('reads what the server left beside its render of the page, once', () => {
    const state = { user: { userId: 'u1' }, queries: { mutations: [], queries: [] } };
    leave(JSON.stringify(state));
    expect(takeServerRenderState()).toEqual(state);
    expect(document.getElementById(SERVER_RENDER_STATE_ID)).toBeNull();
    expect(takeServerRenderState()).toBeUndefined();
  });

  it('is undefined for a page the server did not render, or a state it cannot read', () => {
    expect(takeServerRenderState()).toBeUndefined();
    leave('{not json');
    expect(takeServerRenderState()).toBeUndefined();
    leave(JSON.stringify({ queries: {} }));
    expect(takeServerRenderState()).toBeUndefined();
  });
});

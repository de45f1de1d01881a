/**
 * What the console's code and its libraries import as 'react', 'react-dom' and 'react-dom/client'
 * (react-on-preact.config.ts points them here): Preact's React layer, plus the one React 19 piece
 * it lacks. Preact renders the same components at ~12 kB gz where react-dom is ~70 (issue 18).
 * Plain JavaScript: the console is typed against React's own types; this file only forwards.
 */
import { createElement, render } from 'preact';
import { createRoot } from 'preact/compat/client';

export * from 'preact/compat';
export { default } from 'preact/compat';
export { createRoot };

/**
 * React's `hydrateRoot`: the console takes over a page the server rendered (server-render/),
 * keeping its DOM nodes where they match and correcting them where they do not, as React does.
 * Preact's own `hydrate` keeps the server's attributes as they are, and compat's `render` first
 * empties the container; Preact's core `render` over existing children does what React does.
 *
 * @param {Element} container
 * @param {import('preact').ComponentChild} children
 */
export function hydrateRoot(container, children) {
  render(children, container);
  return createRoot(container);
}

/**
 * React 19's `<Activity mode="hidden">` keeps its children mounted (state kept) but not shown;
 * Mantine uses it for panels and transitions kept mounted. Here: a box that takes no part in the
 * layout while shown (`display: contents`) and hides everything in it while hidden.
 *
 * @param {{ mode?: 'visible' | 'hidden', children?: unknown }} props
 */
export function Activity({ mode = 'visible', children }) {
  return createElement(
    'div',
    { style: { display: mode === 'hidden' ? 'none' : 'contents' } },
    children,
  );
}

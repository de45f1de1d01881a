import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { options } from 'preact';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Preact (the console's renderer, react-on-preact.config.ts) runs effects after the next frame,
// which it asks for on timers (requestAnimationFrame, setTimeout) and only when its queue of
// pending effects was empty. A frame asked for under a test's fake timers is dropped with them, and
// every later effect in the worker (files share it, vitest.config.ts) would wait for an act() that
// may never come: a page then stops reacting to its own data. Here effects run in a microtask after
// the render, which no fake timer holds (setup.test.tsx).
options.requestAnimationFrame = (flushEffects) => queueMicrotask(flushEffects);

afterEach(() => {
  cleanup();
  // Mantine keeps its toasts in a module-level store, which outlives the unmounted page: a test's
  // toasts must not show in the next one (test files share modules, see vitest.config.ts).
  notifications.clean();
  // what a page remembered (recent searches, colour scheme): the next test, perhaps another
  // file's, starts as a first visit
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// jsdom lacks the layout APIs Mantine asks for.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

// Rendering the real route table with Mantine is slow on a busy machine; allow for it.
vi.setConfig({ testTimeout: 15_000 });
// The first render of a lazy route compiles its chunk; give findBy* queries time for that.
configure({ asyncUtilTimeout: 5_000 });

import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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

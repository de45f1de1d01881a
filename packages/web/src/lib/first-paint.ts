/** The longest the console waits for the server's render of a page to be shown (ms). */
const AT_MOST_MS = 1_000;

/**
 * Resolves once the browser has shown the page (its first contentful paint), so that compiling
 * and running the console's JavaScript (~800 kB, hundreds of milliseconds of CPU) does not compete
 * with painting what the server rendered (server-render/): on two cores it held that paint back by
 * ~100–200 ms. At once when the page is hidden (a background tab paints nothing) or the browser
 * does not report paints; after AT_MOST_MS at most.
 */
export function firstPaint(): Promise<void> {
  const supported =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes?.includes('paint') ?? false);
  if (document.visibilityState === 'hidden' || !supported) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    const timer = setTimeout(done, AT_MOST_MS);
  });
}

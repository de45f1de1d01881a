/*
 * Sets the console's colour scheme before its first paint, so a dark-mode user never sees a white
 * flash. Mantine's own ColorSchemeScript is an inline script, which the server's
 * Content-Security-Policy forbids (script-src 'self'); this small same-origin file does the same.
 * The key and values are those of the localStorage colour-scheme manager in src/app/providers.tsx.
 * Without a remembered choice it also follows the system's changes, as Mantine's provider does,
 * so the plain sign-in screen (loaded without Mantine's provider) follows them too.
 */
/* global window, document */
(function () {
  var system = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function apply() {
    var stored = null;
    try {
      stored = window.localStorage.getItem('powerdeck-color-scheme');
    } catch {
      // storage blocked: follow the system
    }
    var dark = stored === 'dark' || (stored !== 'light' && !!system && system.matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  }
  apply();
  if (system && system.addEventListener) system.addEventListener('change', apply);
})();

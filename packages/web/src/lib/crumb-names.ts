import { useSyncExternalStore } from 'react';

/**
 * Names learned at run time for crumbs whose route only knows an id (a location's name for
 * /locations/{id}). Kept per crumb URL; the breadcrumb bar shows them in place of the route's
 * generic name.
 */
const names = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;

export function setCrumbName(url: string, name: string): void {
  if (names.get(url) === name) return;
  names.set(url, name);
  version++;
  for (const listener of listeners) listener();
}

export function crumbName(url: string): string | undefined {
  return names.get(url);
}

/** Re-renders the caller when a name changes. */
export function useCrumbNames(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
}

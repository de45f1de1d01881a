/**
 * The cross-site request rule for /data-svc/ (ARCHITECTURE "Cross-site requests").
 *
 * Why not rely on the SameSite=Lax cookie alone: several calls of spec §7 change state with a GET
 * (deleteLocation, watch and mute toggles, deleteUser), and Lax cookies ARE sent on top-level
 * cross-site GET navigations. So a request is refused when the browser says it is cross-site
 * (Sec-Fetch-Site), or when it carries an Origin other than the console's own. Requests without
 * either header (curl, old browsers' same-origin GETs) pass: they cannot ride a victim's cookie
 * from another site.
 */
export interface CrossSiteInput {
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** The Host header of the request. */
  host: string | undefined;
  /** PUBLIC_ORIGIN (scheme://host[:port]). */
  publicOrigin: string;
}

export function isCrossSiteRequest(input: CrossSiteInput): boolean {
  if (input.secFetchSite?.toLowerCase() === 'cross-site') return true;
  if (input.origin === undefined) return false;
  const origin = parseOrigin(input.origin);
  if (origin === null) return true; // "null" (sandboxed frames, file:) or garbage
  if (origin.origin === input.publicOrigin) return false;
  // Host-derived: the console reached at another address than PUBLIC_ORIGIN (e.g. 127.0.0.1)
  return input.host === undefined || origin.host.toLowerCase() !== input.host.toLowerCase();
}

function parseOrigin(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

import { CONF_ALWAYS_CONNECTED, CONNECTION_STALE_SECONDS } from '../constants';

/** Contact data of a device or kid (spec §3 Contact); times are Unix seconds. */
export interface Contact {
  conf?: string | null;
  lastContact?: number | null;
  sysTime?: number | null;
}

/**
 * Spec §4: connected when the gap between system time and last contact is under 120 seconds, or
 * conf is "0.0". A last contact ahead of system time (clock skew) is a gap under 120 s.
 */
export function isConnected(contact: Contact | null | undefined): boolean {
  if (!contact) return false;
  if (contact.conf === CONF_ALWAYS_CONNECTED) return true;
  const { lastContact, sysTime } = contact;
  if (typeof lastContact !== 'number' || typeof sysTime !== 'number') return false;
  if (!Number.isFinite(lastContact) || !Number.isFinite(sysTime)) return false;
  return sysTime - lastContact < CONNECTION_STALE_SECONDS;
}

/** Spec §4: a child counts as connected only when contact data exists, the parent is active and the check passes. */
export function isKidConnected(
  contact: Contact | null | undefined,
  parentActive: boolean,
): boolean {
  return parentActive && isConnected(contact);
}

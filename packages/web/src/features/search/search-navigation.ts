import {
  type SearchClient,
  type SearchDevice,
  type SearchLocation,
  type SearchOutlet,
  navigationTarget,
} from '@powerdeck/domain';
import { clientSettingsPath, locationRootPath, searchDevicePath } from '../../lib/paths';

/** Where each kind of result goes (spec §2 search panel). */
export function locationResultPath(result: SearchLocation): string {
  return locationRootPath(result.locationId);
}

/** The device path; a child of a cv2/cv3 card, bb232 or gateway opens its parent. */
export function deviceResultPath(result: SearchDevice): string {
  const target = navigationTarget(result);
  return searchDevicePath({
    locationId: result.locationId,
    deviceClass: target.devClass,
    deviceId: target.devId,
  });
}

/** As a device, with the keyword so the outlet panel can highlight the matching label. */
export function outletResultPath(result: SearchOutlet, keyword: string): string {
  return `${deviceResultPath(result)}?${new URLSearchParams({ keyword }).toString()}`;
}

export function clientResultPath(result: SearchClient): string {
  return clientSettingsPath(result.clientId);
}

export const RECENT_SEARCH_KEY = 'recentSearch';
const RECENT_MAX = 10;

/**
 * Each click stores the location or device name locally (most recent first, no repeats) and
 * sets the 'site' cookie to the location id (spec §2).
 */
export function rememberSearchClick(name: string, locationId: string | null): void {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RECENT_SEARCH_KEY) ?? '[]');
    const previous = Array.isArray(stored)
      ? stored.filter((n): n is string => typeof n === 'string')
      : [];
    const next = [name, ...previous.filter((n) => n !== name)].slice(0, RECENT_MAX);
    localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the hint is a convenience
  }
  if (locationId !== null) {
    document.cookie = `site=${encodeURIComponent(locationId)}; path=/; SameSite=Lax`;
  }
}

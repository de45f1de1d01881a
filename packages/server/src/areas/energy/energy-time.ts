import { type LocationZone, localMidnightMs } from '@powerdeck/domain';

const DAY_MS = 86_400_000;

/**
 * The IANA name of a location's clock for the client (axes, tooltips): the zone itself, else its
 * fixed offset (`Etc/GMT+5` for whole hours west of Greenwich, `+05:30` otherwise).
 */
export function zoneName(zone: LocationZone): string {
  if (zone.kind === 'iana') return zone.zone;
  const minutes = zone.offsetMinutes;
  if (minutes === 0) return 'UTC';
  if (minutes % 60 === 0)
    return `Etc/GMT${minutes > 0 ? '-' : '+'}${String(Math.abs(minutes / 60))}`;
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes > 0 ? '+' : '-'}${hh}:${mm}`;
}

/** The instant a local date ('YYYY-MM-DD') starts in the zone (its local midnight). */
export function midnightOf(date: string, zone: LocationZone): number {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return localMidnightMs(zone, y, m, d);
}

/** A local date moved by whole days. */
export function addDays(date: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the month of a local date ('YYYY-MM-01'), moved by whole months. */
export function monthStart(date: string, months = 0): string {
  const [y = 1970, m = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

/** Days from one local date to another (`to` excluded). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

import {
  type EventEntry,
  type EventLogType,
  type LocationClock,
  formatLocationDateTime,
} from '@powerdeck/domain';

/** The export's columns, in order. */
export const CSV_HEADER = [
  'Time',
  'Type',
  'Device',
  'Device ID',
  'Outlet',
  'Event',
  'By',
  'Result',
  'Detail',
] as const;

const TYPE_WORDS: Record<EventLogType, string> = {
  outlet: 'Outlet',
  sequence: 'Sequence',
  reboot: 'Reboot',
  connection: 'Connection',
  power: 'Power',
  battery: 'Battery',
  fault: 'Fault',
  firmware: 'Firmware',
  schedule: 'Schedule',
  device: 'Device',
};

/**
 * One cell: quoted when it holds a quote, a comma or a line break; and a text a spreadsheet would
 * run as a formula (starting with = + - @, or a tab or carriage return) is prefixed with `'`, so
 * it shows as the text it is (a device renamed "=HYPERLINK(…)" stays a name).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Who did it, in words: a person's name, `Schedule “Nightly”`, Auto-reboot, API, Device. */
export function actorWords(actor: EventEntry['actor']): string {
  switch (actor.kind) {
    case 'user':
      return actor.name ?? 'User';
    case 'schedule':
      return `Schedule “${actor.name ?? ''}”`;
    case 'autoReboot':
      return 'Auto-reboot';
    case 'api':
      return 'API';
    case 'device':
      return 'Device';
  }
}

/** An entry as a CSV line, its time in the location's time zone (spec §3 date format). */
export function entryLine(entry: EventEntry, clock: LocationClock): string {
  return csvLine([
    formatLocationDateTime(entry.time, clock),
    TYPE_WORDS[entry.type],
    entry.devName ?? null,
    entry.devId,
    entry.outlet,
    entry.text,
    actorWords(entry.actor),
    entry.result,
    entry.detail,
  ]);
}

/** `events-<location>-<date>.csv` with only letters, digits and dashes (a safe header value). */
export function exportFilename(locationName: string, date: string): string {
  const slug = locationName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `events-${slug || 'location'}-${date}.csv`;
}

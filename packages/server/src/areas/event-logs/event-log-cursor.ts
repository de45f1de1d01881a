/**
 * The keyset of the event log: entries are ordered by time (microseconds, as stored), then by
 * source, then by id within the source, newest first. A page's `next` is the last entry's key,
 * opaque to the client (base64url).
 */

/** The sources of the log, in their order at the same instant: commands, device reports, schedules. */
export const SOURCES = { cmd: 1, dev: 2, sch: 3 } as const;
export type SourceRank = (typeof SOURCES)[keyof typeof SOURCES];

export interface LogCursor {
  /** Microseconds since 1970 (digits). */
  us: string;
  src: SourceRank;
  /** The id within its source: a command's uuid, a device or schedule event's number. */
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NUMBER = /^\d{1,18}$/;

export function encodeCursor(cursor: LogCursor): string {
  return Buffer.from(`${cursor.us}.${cursor.src}.${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor of a `before`, or undefined when it is not one this server gave out. */
export function decodeCursor(text: string): LogCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  const [us = '', src = '', id = '', ...rest] = Buffer.from(text, 'base64url')
    .toString('utf8')
    .split('.');
  if (rest.length > 0 || !/^\d{1,17}$/.test(us)) return undefined;
  if (src === String(SOURCES.cmd) && UUID.test(id)) return { us, src: SOURCES.cmd, id };
  if (src === String(SOURCES.dev) && NUMBER.test(id)) return { us, src: SOURCES.dev, id };
  if (src === String(SOURCES.sch) && NUMBER.test(id)) return { us, src: SOURCES.sch, id };
  return undefined;
}

/** A timestamptz literal of microseconds since 1970, exact (a JS Date keeps milliseconds only). */
export function timestampOfMicros(us: string): string {
  const micros = BigInt(us);
  const ms = Number(micros / 1000n);
  const fraction = (micros % 1_000_000n).toString().padStart(6, '0');
  return `${new Date(ms).toISOString().slice(0, 19)}.${fraction}Z`;
}

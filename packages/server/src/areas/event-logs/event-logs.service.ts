import {
  type ActorKind,
  type EventCalendar,
  type EventEntry,
  type EventLogType,
  type EventPage,
  type ScheduleFire,
  type SessionUser,
  locationZone,
  localDateOf,
  scheduleMessages,
} from '@powerdeck/domain';
import { Readable } from 'node:stream';
import { badRequest, notFound } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import { ACK_GRACE_MS } from '../devices/command-tracker';
import type { CommandsRepository } from '../devices/commands.repository';
import { DEVICE_NOT_FOUND } from '../devices/device-access';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import { readFireResults } from '../schedules/fire-results';
import { SOURCES, decodeCursor, encodeCursor } from './event-log-cursor';
import { CSV_HEADER, csvLine, entryLine, exportFilename } from './event-log-csv';
import {
  COMMAND_TYPES,
  DEVICE_EVENT_TYPES,
  commandText,
  deviceEventText,
  scheduleEventText,
} from './event-log-texts';
import type { EventLogsRepository, LocationRow, LogFilter, LogRow } from './event-logs.repository';
import { datesOfMonth, nextDate, startOfLocalDay } from './local-days';

/** The filters of the list, the calendar and the export (the call table's input). */
export interface FilterInput {
  siteId: string;
  devId?: string | undefined;
  type?: EventLogType | undefined;
  actor?: ActorKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Most rows one export holds (the newest, when the filters match more). */
export const MAX_EXPORT_ROWS = 100_000;
const EXPORT_CHUNK = 1_000;

export const eventLogMessages = {
  before: 'before must be the next of a page',
} as const;

interface Scope {
  filter: LogFilter;
  location: LocationRow;
}

/**
 * Event logs (issue 13): any level at the location may read its log (CLIENT included); a device's
 * log only for a device at that location. Entries are read from their one source each (the
 * command audit log, the device events table, the schedule events) and worded here.
 */
export class EventLogsService {
  constructor(
    private readonly repo: EventLogsRepository,
    private readonly permissions: PermissionsRepository,
    private readonly commands: CommandsRepository,
    private readonly clock: Clock,
  ) {}

  /** Checks the caller may read the location's log (the live stream). */
  async checkAccess(user: SessionUser, siteId: string): Promise<void> {
    await this.scope(user, { siteId });
  }

  async page(
    user: SessionUser,
    input: FilterInput & { before?: string | undefined; limit: number },
  ): Promise<EventPage> {
    const cursor = input.before === undefined ? undefined : decodeCursor(input.before);
    if (input.before !== undefined && cursor === undefined) {
      throw badRequest(eventLogMessages.before, { before: eventLogMessages.before });
    }
    const { filter, location } = await this.scope(user, input);
    const rows = await this.repo.page(filter, input.limit + 1, cursor);
    const shown = rows.slice(0, input.limit);
    const last = shown.at(-1);
    return {
      records: await this.entries(shown),
      next: rows.length > input.limit && last ? encodeCursor(cursorOf(last)) : null,
      zone: { timezone: location.timezone, dst: location.dst },
    };
  }

  async calendar(
    user: SessionUser,
    input: Omit<FilterInput, 'from' | 'to'> & { month: string },
  ): Promise<EventCalendar> {
    const { filter, location } = await this.scope(user, input);
    const zone = locationZone(location.timezone, location.dst);
    const { dates, after } = datesOfMonth(input.month);
    const bounds = [...dates, after].map((date) => startOfLocalDay(date, zone));
    const counts = await this.repo.countBetween(filter, bounds);
    return {
      days: dates.flatMap((date, i) => {
        const count = counts[i] ?? 0;
        return count > 0 ? [{ date, count }] : [];
      }),
      zone: { timezone: location.timezone, dst: location.dst },
    };
  }

  /** The filtered log as CSV lines (newest first, at most MAX_EXPORT_ROWS), read in chunks. */
  async exportCsv(
    user: SessionUser,
    input: FilterInput,
  ): Promise<{ filename: string; body: Readable }> {
    const { filter, location } = await this.scope(user, input);
    const clock = { timezone: location.timezone, dst: location.dst };
    const today = localDateOf(this.clock.now(), locationZone(clock.timezone, clock.dst));
    const lines = async function* (this: EventLogsService) {
      yield `\uFEFF${csvLine(CSV_HEADER)}`;
      let cursor;
      let written = 0;
      while (written < MAX_EXPORT_ROWS) {
        const chunk = Math.min(EXPORT_CHUNK, MAX_EXPORT_ROWS - written);
        const rows = await this.repo.page(filter, chunk, cursor);
        for (const entry of await this.entries(rows)) yield entryLine(entry, clock);
        written += rows.length;
        const last = rows.at(-1);
        if (rows.length < chunk || !last) break;
        cursor = cursorOf(last);
      }
    }.call(this);
    return { filename: exportFilename(location.name, today), body: Readable.from(lines) };
  }

  /** The caller's access, the location and the filter in instants (dates are the location's). */
  private async scope(user: SessionUser, input: FilterInput): Promise<Scope> {
    await requireLocationAccess(this.permissions, user, input.siteId);
    const location = await this.repo.location(input.siteId);
    if (!location) throw notFound();
    if (input.devId !== undefined) {
      const siteId = await this.repo.siteOfDevice(input.devId);
      if (siteId !== input.siteId) throw notFound(DEVICE_NOT_FOUND);
    }
    if (input.from !== undefined && input.to !== undefined && input.to < input.from) {
      throw badRequest(scheduleMessages.endBeforeStart, { to: scheduleMessages.endBeforeStart });
    }
    const zone = locationZone(location.timezone, location.dst);
    const filter: LogFilter = {
      siteId: input.siteId,
      ...(input.devId === undefined ? {} : { devId: input.devId }),
      ...(input.type === undefined ? {} : { type: input.type }),
      ...(input.actor === undefined ? {} : { actor: input.actor }),
      ...(input.from === undefined ? {} : { fromMs: startOfLocalDay(input.from, zone) }),
      ...(input.to === undefined ? {} : { toMs: startOfLocalDay(nextDate(input.to), zone) }),
    };
    return { filter, location };
  }

  /** Entries of stored rows, with the per-target results of the firings among them. */
  private async entries(rows: readonly LogRow[]): Promise<EventEntry[]> {
    const now = this.clock.now();
    const fireIds = rows.flatMap((r) =>
      r.src === SOURCES.sch && r.fireId !== null && (r.kind === 'fired' || r.kind === 'failed')
        ? [r.fireId]
        : [],
    );
    const fires = new Map<number, ScheduleFire>();
    const names = new Map<string, string>();
    if (fireIds.length > 0) {
      const results = await readFireResults(this.commands, now, await this.repo.fires(fireIds));
      for (const fire of results) fires.set(fire.id, fire);
      const devIds = results.flatMap((f) => f.targets.map((t) => t.devId));
      for (const [devId, name] of await this.repo.deviceNames(devIds)) names.set(devId, name);
    }
    return rows.map((row) => entryOf(row, now, fires, names));
  }
}

function cursorOf(row: LogRow) {
  const id = row.src === SOURCES.cmd ? row.key : BigInt(row.key).toString();
  return { us: row.atUs, src: row.src, id };
}

const PREFIX = { [SOURCES.cmd]: 'cmd', [SOURCES.dev]: 'dev', [SOURCES.sch]: 'sch' } as const;

function entryOf(
  row: LogRow,
  now: Date,
  fires: ReadonlyMap<number, ScheduleFire>,
  names: ReadonlyMap<string, string>,
): EventEntry {
  const base = {
    id: `${PREFIX[row.src]}:${cursorOf(row).id}`,
    time: Number(BigInt(row.atUs) / 1000n),
    devClass: row.devClass,
    devId: row.devId,
    devName: row.devName,
    parentDevId: row.parentDevId,
    outlet: row.outlet,
  };
  if (row.src === SOURCES.cmd) {
    const args = isRecord(row.args) ? row.args : {};
    return {
      ...base,
      type: COMMAND_TYPES[row.kind as keyof typeof COMMAND_TYPES] ?? 'device',
      actor: {
        kind: row.actorKind,
        id: row.actorId,
        name: row.actorKind === 'user' ? row.userName : row.actorScheduleName,
      },
      text: commandText(row.kind, args),
      ...commandResult(row, now),
    };
  }
  if (row.src === SOURCES.dev) {
    return {
      ...base,
      type: DEVICE_EVENT_TYPES[row.kind as keyof typeof DEVICE_EVENT_TYPES] ?? 'device',
      actor: { kind: 'device', id: row.devId, name: row.devName },
      text: deviceEventText(row.kind, row.args, row.outlet, row.devClass),
      result: null,
      detail: null,
    };
  }
  const fire = row.fireId === null ? undefined : fires.get(row.fireId);
  return {
    ...base,
    type: 'schedule',
    actor: {
      kind: row.actorKind,
      id: row.actorId,
      name: row.actorKind === 'user' ? row.userName : row.scheduleName,
    },
    text: scheduleEventText(row.kind, row.scheduleName),
    result:
      row.kind === 'missed'
        ? 'missed'
        : (fire?.outcome ?? (row.kind === 'failed' ? 'failed' : null)),
    detail: fire ? fireDetail(fire, names) : null,
  };
}

/** A command's latest state; one still open well past its expiry lost its server: expired. */
function commandResult(row: LogRow, now: Date): Pick<EventEntry, 'result' | 'detail'> {
  if (row.state === 'done' || row.state === 'failed' || row.state === 'expired') {
    return { result: row.state, detail: row.error };
  }
  const overdue =
    row.expiresAt !== null && now.getTime() > row.expiresAt.getTime() + ACK_GRACE_MS * 5;
  return { result: overdue ? 'expired' : 'pending', detail: null };
}

/** "Projector outlet 3: done; Rack: skipped (This outlet is locked. …)". */
function fireDetail(fire: ScheduleFire, names: ReadonlyMap<string, string>): string | null {
  if (fire.targets.length === 0) return null;
  return fire.targets
    .map((t) => {
      const where = `${names.get(t.devId) ?? t.devId}${t.otlt === null ? '' : ` outlet ${t.otlt}`}`;
      return `${where}: ${t.result}${t.error ? ` (${t.error})` : ''}`;
    })
    .join('; ');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

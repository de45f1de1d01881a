import type { RateSample } from '@powerdeck/domain';

/** One heartbeat's running totals of one server since it started (DeviceHub/CommandTracker stats). */
export interface CounterSample {
  serverId: string;
  /** Milliseconds since 1970. */
  takenAt: number;
  statuses: number;
  commands: number;
  commandFailures: number;
  commandExpiries: number;
}

export interface RateSummary {
  /** The newest rate of each running server, summed. */
  statusesPerSecond: number;
  commandsPerSecond: number;
  /** One point a step over the window, each the rates of the servers running then, summed. */
  samples: RateSample[];
  /** Counted in the window, over every server. */
  failures: number;
  expiries: number;
}

/** Between two consecutive samples of one server: what it counted, and its rates. */
interface Segment {
  from: number;
  to: number;
  statusesPerSecond: number;
  commandsPerSecond: number;
  failures: number;
  expiries: number;
}

const increase = (after: number, before: number) => Math.max(0, after - before);

function segmentsOf(samples: readonly CounterSample[]): Segment[] {
  const sorted = [...samples].sort((a, b) => a.takenAt - b.takenAt);
  const segments: Segment[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1]!;
    const after = sorted[i]!;
    const seconds = (after.takenAt - before.takenAt) / 1000;
    if (seconds <= 0) continue;
    segments.push({
      from: before.takenAt,
      to: after.takenAt,
      statusesPerSecond: increase(after.statuses, before.statuses) / seconds,
      commandsPerSecond: increase(after.commands, before.commands) / seconds,
      failures: increase(after.commandFailures, before.commandFailures),
      expiries: increase(after.commandExpiries, before.commandExpiries),
    });
  }
  return segments;
}

/**
 * The rates of every server from their samples: each server's counts rise between its
 * consecutive samples (a server id is one process, so its totals never go back); a running
 * server's newest rate holds until now. Sparkline points every `stepMs` over `windowMs` up to
 * now; a point no server covers is null (a gap, not a zero).
 */
export function summarizeRates(
  samples: readonly CounterSample[],
  running: ReadonlySet<string>,
  options: { now: number; windowMs: number; stepMs: number },
): RateSummary {
  const { now, windowMs, stepMs } = options;
  const byServer = new Map<string, CounterSample[]>();
  for (const sample of samples) {
    const list = byServer.get(sample.serverId) ?? [];
    list.push(sample);
    byServer.set(sample.serverId, list);
  }
  const since = now - windowMs;
  const all: Segment[] = [];
  let statusesPerSecond = 0;
  let commandsPerSecond = 0;
  for (const [serverId, list] of byServer) {
    const segments = segmentsOf(list);
    const newest = segments.at(-1);
    if (newest && running.has(serverId)) {
      statusesPerSecond += newest.statusesPerSecond;
      commandsPerSecond += newest.commandsPerSecond;
      newest.to = Math.max(newest.to, now);
    }
    all.push(...segments);
  }

  const points: RateSample[] = [];
  const last = Math.floor(now / stepMs) * stepMs;
  for (let at = last - windowMs + stepMs; at <= last; at += stepMs) {
    const covering = all.filter((s) => s.from < at && at <= s.to);
    points.push({
      at,
      statuses: covering.length === 0 ? null : sum(covering, (s) => s.statusesPerSecond),
      commands: covering.length === 0 ? null : sum(covering, (s) => s.commandsPerSecond),
    });
  }
  const recent = all.filter((s) => s.to > since);
  return {
    statusesPerSecond,
    commandsPerSecond,
    samples: points,
    failures: sum(recent, (s) => s.failures),
    expiries: sum(recent, (s) => s.expiries),
  };
}

function sum<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}

import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in ticks of 1/100 s on every mainstream kernel. */
const TICKS_PER_SECOND = 100;

/** CPU time a process has used so far (user + system), ms, from /proc/{pid}/stat; 0 if gone. */
export function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // the command name (field 2) may hold spaces: count fields after its closing parenthesis
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU time every core of the machine has spent busy (not idle, not waiting on I/O), ms. */
export function machineBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // cpu  user nice system idle iowait irq softirq steal …
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = [0, 1, 2, 5, 6, 7].reduce((sum, i) => sum + (ticks[i] ?? 0), 0);
  return (busy * 1000) / TICKS_PER_SECOND;
}

/** Named groups of processes (servers, brokers, …) whose CPU time over a phase is wanted. */
export type ProcessGroups = Record<string, readonly (number | undefined)[]>;

export interface CpuSpent {
  /** ms of CPU each group used over the phase (one gone meanwhile: until it was last read). */
  groups: Record<string, number>;
  /** ms of CPU the whole machine was busy, every process and the kernel included. */
  machine: number;
  /** ms of wall clock the phase took. */
  wallMs: number;
}

/** How often `countCpu` reads the processes, so one that ends before the phase does counts. */
const SAMPLE_EVERY_MS = 250;

/**
 * Starts counting; the returned function stops and gives what each group used since. A process
 * that ends meanwhile counts what it had used when last read (every 250 ms).
 */
export function countCpu(groups: ProcessGroups): () => CpuSpent {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const read = () => {
    for (const pids of Object.values(groups)) {
      for (const pid of pids) {
        if (pid === undefined) continue;
        const used = cpuMs(pid);
        if (used === 0 && last.has(pid)) continue; // gone: keep what it had used
        if (!first.has(pid)) first.set(pid, used);
        last.set(pid, used);
      }
    }
  };
  read();
  const machine0 = machineBusyMs();
  const t0 = performance.now();
  const sampling = setInterval(read, SAMPLE_EVERY_MS);
  return () => {
    clearInterval(sampling);
    read();
    const used = (pids: readonly (number | undefined)[]) =>
      pids.reduce<number>(
        (sum, pid) => sum + (pid === undefined ? 0 : (last.get(pid) ?? 0) - (first.get(pid) ?? 0)),
        0,
      );
    return {
      groups: Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, used(pids)])),
      machine: machineBusyMs() - machine0,
      wallMs: performance.now() - t0,
    };
  };
}

/**
 * Figures of a phase: the cores each group and the whole machine kept busy, and with `per` (the
 * messages that went through) each one's CPU per message, µs.
 */
export function cpuFigures(
  spent: CpuSpent,
  per?: { count: number; unit: string },
): Record<string, string> {
  const row = (ms: number) => {
    const cores = `${(ms / spent.wallMs).toFixed(2)} cores`;
    if (!per) return cores;
    return `${Math.round((ms * 1000) / Math.max(1, per.count))} µs/${per.unit}, ${cores}`;
  };
  const named = Object.values(spent.groups).reduce((a, b) => a + b, 0);
  return {
    ...Object.fromEntries(Object.entries(spent.groups).map(([k, ms]) => [`CPU ${k}`, row(ms)])),
    'CPU everything else (kernel, the bench, other processes)': row(
      Math.max(0, spent.machine - named),
    ),
    'CPU whole machine': row(spent.machine),
  };
}

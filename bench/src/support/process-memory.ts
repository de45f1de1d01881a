import { readFileSync } from 'node:fs';

/** A process's resident set size in bytes (Linux: VmRSS of /proc/{pid}/status); NaN if gone. */
export function residentBytes(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

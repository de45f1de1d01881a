import { describe, expect, it } from 'vitest';
import { countCpu, cpuFigures, cpuMs, machineBusyMs } from './process-cpu';

/** Computes until this process has used `ms` of CPU (however busy the machine is). */
const spin = (ms: number) => {
  const start = process.cpuUsage();
  const used = () => {
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
  while (used() < ms) Math.sqrt(Math.random());
};

describe('process CPU (Linux /proc)', () => {
  it('reads this process using CPU while it computes, and the machine busy meanwhile', () => {
    const before = cpuMs(process.pid);
    const machine = machineBusyMs();
    spin(150);
    // /proc counts in ticks of 10 ms
    expect(cpuMs(process.pid) - before).toBeGreaterThanOrEqual(100);
    expect(machineBusyMs() - machine).toBeGreaterThanOrEqual(100);
  });

  it('reads 0 for a process that does not exist', () => {
    expect(cpuMs(2 ** 30)).toBe(0);
  });

  it("counts a group's CPU over a phase, and not what it used before", () => {
    spin(100);
    const counting = countCpu({ me: [process.pid], nobody: [2 ** 30, undefined] });
    spin(150);
    const spent = counting();
    expect(spent.groups.me).toBeGreaterThanOrEqual(100);
    expect(spent.groups.me).toBeLessThan(spent.wallMs + 50);
    expect(spent.groups.nobody).toBe(0);
  });

  it('gives each group per message and as cores, the rest of the machine apart', () => {
    const spent = { groups: { servers: 500, brokers: 250 }, machine: 1_000, wallMs: 1_000 };
    expect(cpuFigures(spent, { count: 5_000, unit: 'msg' })).toEqual({
      'CPU servers': '100 µs/msg, 0.50 cores',
      'CPU brokers': '50 µs/msg, 0.25 cores',
      'CPU everything else (kernel, the bench, other processes)': '50 µs/msg, 0.25 cores',
      'CPU whole machine': '200 µs/msg, 1.00 cores',
    });
    expect(cpuFigures(spent)['CPU servers']).toBe('0.50 cores');
  });
});

/** What the browser benchmark and its status-load process share, and how probes are matched. */

export interface LoadDevice {
  devId: string;
  devClass: string;
  outlets: number;
}

export interface LoadJob {
  background: LoadDevice[];
  observed: LoadDevice;
  deviceKey: string;
}

/** The voltage of probe `i`: distinct for 1,000 probes in a row, shown with one decimal. */
export function probeVoltage(i: number): number {
  return 200 + (i % 1000) / 10;
}

/** A value the page saw appear in the panel, and when (wall-clock ms). */
export interface PaintRecord {
  text: string;
  /** The mutation that put it in the DOM. */
  dom: number;
  /** The first task after the next animation frame: the frame with it has been painted. */
  painted: number;
}

/**
 * Publish → DOM and publish → painted latency of each probe (probe `i` published at `t0s[i]`,
 * showing `probeVoltage(i)` with one decimal), from the first time the page showed its value.
 * A probe the page never showed (a later one replaced it before a render) counts as missed.
 */
export function matchProbes(
  t0s: readonly number[],
  paints: readonly PaintRecord[],
): { dom: number[]; painted: number[]; missed: number } {
  const first = new Map<string, PaintRecord>();
  for (const p of paints) if (!first.has(p.text)) first.set(p.text, p);
  const dom: number[] = [];
  const painted: number[] = [];
  let missed = 0;
  t0s.forEach((t0, i) => {
    const seen = first.get(probeVoltage(i).toFixed(1));
    if (!seen) {
      missed++;
      return;
    }
    dom.push(seen.dom - t0);
    painted.push(seen.painted - t0);
  });
  return { dom, painted, missed };
}

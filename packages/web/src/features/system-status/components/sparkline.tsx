import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { RateSample } from '@powerdeck/domain';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 48;

/**
 * A small line of one rate over the last minutes (uPlot, as the energy charts): no axes, no
 * legend; its colour follows the colour scheme (a darker shade on light, a lighter one on dark,
 * as the energy charts pick theirs). The figure it belongs to says the value in words.
 */
export function Sparkline({
  samples,
  field,
  color,
  label,
}: {
  samples: readonly RateSample[];
  field: 'statuses' | 'commands';
  color: string;
  label: string;
}) {
  const { ref: sizeRef, width } = useElementSize();
  const target = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const scheme = useComputedColorScheme('light');
  const theme = useMantineTheme();
  const data = useMemo(
    () => [samples.map((s) => s.at / 1000), samples.map((s) => s[field])] as uPlot.AlignedData,
    [samples, field],
  );
  const latest = useRef(data);
  useEffect(() => {
    latest.current = data;
    plot.current?.setData(data);
  }, [data]);
  const shades = theme.colors[color] ?? theme.colors.blue;
  const stroke = shades[scheme === 'dark' ? 4 : 7];
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const made = new uPlot(
      {
        width: Math.max(width || element.parentElement?.clientWidth || 0, 80),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 1)] } },
        axes: [{ show: false }, { show: false }],
        series: [{}, { stroke, width: 2, fill: `${stroke}22`, points: { show: false } }],
      },
      latest.current,
      element,
    );
    plot.current = made;
    return () => {
      made.destroy();
      plot.current = null;
    };
  }, [width, stroke]);

  return (
    <div ref={sizeRef}>
      <div ref={target} role="img" aria-label={label} data-testid={`sparkline-${field}`} />
    </div>
  );
}

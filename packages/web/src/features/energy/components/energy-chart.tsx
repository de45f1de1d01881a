import { Paper, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import {
  FIELD_META,
  HOVER_TIME_FORMAT,
  axisLabel,
  formatInZone,
  formatReading,
  zonedDate,
  zoneOf,
  type ChartSeries,
} from '../energy-data';

const COLOR: Record<ChartSeries['field'], string> = {
  voltage: '#1c7ed6',
  amperage: '#e8590c',
  wattage: '#2f9e44',
  pwr_fact: '#7048e8',
  battlevel: '#0c8599',
};

const CHART_HEIGHT = 220;

/** Quantities read against their whole scale (a power factor of 0-1, a battery of 0-100 %). */
const FULL_SCALE: Partial<Record<ChartSeries['field'], [number, number]>> = {
  pwr_fact: [0, 1],
  battlevel: [0, 100],
};

const fullScale =
  ([low, high]: [number, number]): uPlot.Range.Function =>
  (_u, min, max) => [Math.min(low, min), Math.max(high, max)];
const SYNC_KEY = 'energy-usage';
const MIN_WIDTH = 320;

/** uPlot's options for one quantity: times in the location's zone, values in spec §9 precision. */
function chartOptions(
  field: ChartSeries['field'],
  hasBand: boolean,
  zoneName: string,
  width: number,
): uPlot.Options {
  const zone = zoneOf(zoneName);
  const color = COLOR[field];
  const value = (_u: uPlot, v: number | null) => formatReading(field, v);
  const edge = (label: string): uPlot.Series => ({
    label,
    stroke: `${color}66`,
    width: 1,
    value,
  });
  return {
    width: Math.max(width, MIN_WIDTH),
    height: CHART_HEIGHT,
    tzDate: (ts) => zonedDate(ts, zone),
    scales: {
      x: { time: true },
      ...(FULL_SCALE[field] ? { y: { range: fullScale(FULL_SCALE[field]) } } : {}),
    },
    // hovering one chart shows the same moment on the others
    cursor: { drag: { x: false, y: false }, sync: { key: SYNC_KEY } },
    series: [
      {
        label: 'Time',
        value: (_u, ts: number | null) =>
          ts === null ? '–' : formatInZone(ts, zone, HOVER_TIME_FORMAT),
      },
      { label: FIELD_META[field].label, stroke: color, width: 2, value },
      ...(hasBand ? [edge('Min'), edge('Max')] : []),
    ],
    bands: hasBand ? [{ series: [3, 2], fill: `${color}22` }] : [],
    axes: [
      { label: `Time (${zoneName})`, labelSize: 24 },
      {
        label: axisLabel(field),
        labelSize: 24,
        size: 64,
        values: (_u, splits) => splits.map((v) => FIELD_META[field].format(v)),
      },
    ],
  };
}

/**
 * One quantity over time drawn by uPlot: the average as a line, the minimum and maximum of each
 * point as a band when the resolution has them; hovering shows the values in the legend.
 */
export function EnergyChart({ series, zone }: { series: ChartSeries; zone: string }) {
  const { ref: sizeRef, width } = useElementSize();
  const target = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const { field, hasBand } = series;
  const data = useMemo(
    () => (hasBand ? series.data : series.data.slice(0, 2)) as uPlot.AlignedData,
    [series, hasBand],
  );
  const empty = series.data[0].length === 0;
  const latest = useRef(data);
  // New points of the same quantity (Live, another range) redraw the chart that is there...
  useEffect(() => {
    latest.current = data;
    plot.current?.setData(data);
  }, [data]);
  // ...which is made anew only for another quantity, zone or width.
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    // before the first measure, the width the element has now
    const given = width || element.parentElement?.clientWidth || 0;
    const made = new uPlot(chartOptions(field, hasBand, zone, given), latest.current, element);
    plot.current = made;
    return () => {
      made.destroy();
      plot.current = null;
    };
  }, [field, hasBand, zone, width, empty]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={axisLabel(series.field)}>
      <Title order={2} size="h5" mb={4}>
        {axisLabel(series.field)}
      </Title>
      {/* measured from its first render, so the chart takes the width it is given */}
      <div ref={sizeRef}>
        {empty ? (
          <Text c="dimmed" size="sm">
            No readings in this range.
          </Text>
        ) : (
          <div ref={target} data-testid={`chart-${series.field}`} />
        )}
      </div>
    </Paper>
  );
}

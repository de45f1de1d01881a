import {
  Paper,
  Text,
  Title,
  useComputedColorScheme,
  useMantineTheme,
  type MantineTheme,
} from '@mantine/core';
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

/** Each quantity's Mantine colour; its shade follows the colour scheme (see chartColors). */
const COLOR: Record<ChartSeries['field'], string> = {
  voltage: 'blue',
  amperage: 'orange',
  wattage: 'green',
  pwr_fact: 'violet',
  battlevel: 'cyan',
};

interface ChartColors {
  line: string;
  text: string;
  grid: string;
}

/**
 * The colours a canvas needs as values, for the current scheme, from the Mantine theme (the same
 * values its CSS variables --mantine-color-text and --mantine-color-default-border carry; read from
 * the theme because the root's scheme attribute may not be switched yet when the chart redraws):
 * a darker shade of the line on light, a lighter one on dark, both at least 3:1 to the page.
 */
function chartColors(
  field: ChartSeries['field'],
  scheme: 'light' | 'dark',
  theme: MantineTheme,
): ChartColors {
  const dark = scheme === 'dark';
  const shades = theme.colors[COLOR[field]] ?? theme.colors.blue;
  return {
    line: shades[dark ? 4 : 7],
    text: dark ? theme.colors.dark[0] : theme.black,
    grid: dark ? theme.colors.dark[4] : theme.colors.gray[4],
  };
}

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
  colors: ChartColors,
): uPlot.Options {
  const zone = zoneOf(zoneName);
  const color = colors.line;
  const axis = {
    stroke: colors.text,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid, width: 1 },
  };
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
      { ...axis, label: `Time (${zoneName})`, labelSize: 24 },
      {
        ...axis,
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
  // ...and for the other colour scheme, whose colours the canvas cannot take from CSS by itself
  const scheme = useComputedColorScheme('light');
  const theme = useMantineTheme();
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
  // ...which is made anew only for another quantity, zone, width or colour scheme.
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    // before the first measure, the width the element has now
    const given = width || element.parentElement?.clientWidth || 0;
    const made = new uPlot(
      chartOptions(field, hasBand, zone, given, chartColors(field, scheme, theme)),
      latest.current,
      element,
    );
    plot.current = made;
    return () => {
      made.destroy();
      plot.current = null;
    };
  }, [field, hasBand, zone, width, empty, scheme, theme]);

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

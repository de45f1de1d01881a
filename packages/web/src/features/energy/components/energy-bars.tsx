import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { EnergyBar } from '@powerdeck/domain';
import {
  barText,
  dailyBudgetText,
  formatCost,
  formatKwh,
  periodLabel,
  type DailyBudget,
} from '../energy-data';
import { LazyTooltip } from '../../../components/lazy-tooltip';

const BAR_AREA_HEIGHT = 160;
/** At most this many period labels under the bars; the others are left out. */
const MAX_LABELS = 12;

/**
 * kWh per local day or month as bars, each with its cost on hover and for screen readers, and the
 * total of the range under them. Day bars of the current month carry a dashed line at the daily
 * share of the budget (`budget`), said in words under the title as well.
 */
export function EnergyBars({
  bars,
  budget = null,
  budgetOf = 'budget',
}: {
  bars: readonly EnergyBar[];
  budget?: DailyBudget | null;
  /** Whose budget the line is, for its text, e.g. "location’s monthly budget". */
  budgetOf?: string;
}) {
  const monthly = bars.length > 0 && bars.every((bar) => bar.period.length === 7);
  const title = monthly ? 'kWh per month' : 'kWh per day';
  // a month's budget read per day: only day bars of that month carry the line
  const line =
    budget !== null &&
    !monthly &&
    bars.some((bar) => bar.period.length === 10 && bar.period.startsWith(`${budget.month}-`))
      ? budget
      : null;
  const inLine = (bar: EnergyBar) => line !== null && bar.period.startsWith(`${line.month}-`);
  const top = Math.max(0, line?.kwh ?? 0, ...bars.map((bar) => bar.kwh));
  const totalKwh = bars.reduce((sum, bar) => sum + bar.kwh, 0);
  const costs = bars.every((bar) => bar.cost !== null);
  const totalCost = bars.reduce((sum, bar) => sum + (bar.cost ?? 0), 0);
  const labelEvery = Math.max(1, Math.ceil(bars.length / MAX_LABELS));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h5">
          {title}
        </Title>
        {bars.length > 0 && (
          <Text size="sm" data-testid="bars-total">
            {`Total ${formatKwh(totalKwh)}${costs ? ` · ${formatCost(totalCost)}` : ''}`}
          </Text>
        )}
      </Group>
      {line !== null && (
        <Text size="xs" c="dimmed" mb="xs" data-testid="budget-line">
          {dailyBudgetText(line, budgetOf)}
        </Text>
      )}
      {bars.length === 0 ? (
        <Text c="dimmed" size="sm">
          No energy recorded in this range.
        </Text>
      ) : (
        <Group gap="xs" align="stretch" wrap="nowrap">
          <Stack justify="space-between" h={BAR_AREA_HEIGHT} gap={0} aria-hidden miw={56}>
            <Text size="xs" c="dimmed" ta="right">
              {formatKwh(top)}
            </Text>
            <Text size="xs" c="dimmed" ta="right">
              0 kWh
            </Text>
          </Stack>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Box
              role="list"
              aria-label={title}
              h={BAR_AREA_HEIGHT}
              style={{
                display: 'flex',
                alignItems: 'flex-end',
                gap: 2,
                borderBottom: '1px solid var(--mantine-color-default-border)',
                borderLeft: '1px solid var(--mantine-color-default-border)',
              }}
            >
              {bars.map((bar) => (
                <Box
                  key={bar.period}
                  style={{
                    flex: 1,
                    maxWidth: 64,
                    height: '100%',
                    position: 'relative',
                    display: 'flex',
                    alignItems: 'flex-end',
                  }}
                >
                  <LazyTooltip label={barText(bar)} withArrow>
                    <Box
                      role="listitem"
                      aria-label={barText(bar)}
                      style={{
                        width: '100%',
                        height: `${top > 0 ? (bar.kwh / top) * 100 : 0}%`,
                        minHeight: bar.kwh > 0 ? 2 : 0,
                        background: 'var(--mantine-color-blue-5)',
                        borderRadius: '2px 2px 0 0',
                      }}
                    />
                  </LazyTooltip>
                  {line !== null && inLine(bar) && top > 0 && (
                    <Box
                      aria-hidden
                      data-testid="budget-mark"
                      style={{
                        position: 'absolute',
                        left: -1,
                        right: -1,
                        bottom: `${(line.kwh / top) * 100}%`,
                        borderTop: '2px dashed var(--mantine-color-red-6)',
                        pointerEvents: 'none',
                      }}
                    />
                  )}
                </Box>
              ))}
            </Box>
            <Box aria-hidden style={{ display: 'flex', gap: 2 }}>
              {bars.map((bar, index) => (
                <Text
                  key={bar.period}
                  size="xs"
                  c="dimmed"
                  ta="center"
                  style={{
                    flex: 1,
                    maxWidth: 64,
                    minWidth: 0,
                    overflow: 'visible',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {index % labelEvery === 0 ? periodLabel(bar.period) : ''}
                </Text>
              ))}
            </Box>
          </Box>
        </Group>
      )}
    </Paper>
  );
}

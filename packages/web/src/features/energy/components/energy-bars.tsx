import { Box, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { EnergyBar } from '@powerdeck/domain';
import { barText, formatCost, formatKwh, periodLabel } from '../energy-data';

const BAR_AREA_HEIGHT = 160;
/** At most this many period labels under the bars; the others are left out. */
const MAX_LABELS = 12;

/**
 * kWh per local day or month as bars, each with its cost on hover and for screen readers, and the
 * total of the range under them.
 */
export function EnergyBars({ bars }: { bars: readonly EnergyBar[] }) {
  const monthly = bars.length > 0 && bars.every((bar) => bar.period.length === 7);
  const title = monthly ? 'kWh per month' : 'kWh per day';
  const top = Math.max(0, ...bars.map((bar) => bar.kwh));
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
                borderBottom: '1px solid var(--mantine-color-gray-4)',
                borderLeft: '1px solid var(--mantine-color-gray-4)',
              }}
            >
              {bars.map((bar) => (
                <Tooltip key={bar.period} label={barText(bar)} withArrow>
                  <Box
                    role="listitem"
                    aria-label={barText(bar)}
                    style={{
                      flex: 1,
                      maxWidth: 64,
                      height: `${top > 0 ? (bar.kwh / top) * 100 : 0}%`,
                      minHeight: bar.kwh > 0 ? 2 : 0,
                      background: 'var(--mantine-color-blue-5)',
                      borderRadius: '2px 2px 0 0',
                    }}
                  />
                </Tooltip>
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

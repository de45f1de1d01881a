import { Anchor, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EnergyMonth } from '@powerdeck/domain';
import { Link } from 'react-router';
import { locationPath } from '../../../lib/paths';
import { budgetShares, formatCost, formatKwh, periodLabel } from '../energy-data';

export const RATES_NOT_SET = 'Energy rates are not set';

function Figure({ label, kwh, cost }: { label: string; kwh: number; cost: number | null }) {
  return (
    <Stack gap={0} role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {formatKwh(kwh)}
      </Text>
      {cost !== null && <Text size="sm">{formatCost(cost)}</Text>}
    </Stack>
  );
}

/**
 * The month so far and its forecast, and the forecast against the location's monthly budget as a
 * bar (full at the budget). Without rates: kWh only, and a link to set them.
 */
export function MonthSummary({
  siteId,
  month,
  ratesSet,
  budgetOf = 'monthly budget',
}: {
  siteId: string;
  month: EnergyMonth;
  ratesSet: boolean;
  /** Whose budget the bar measures against, e.g. "the location's monthly budget". */
  budgetOf?: string;
}) {
  const shares = ratesSet ? budgetShares(month) : null;
  const over = shares !== null && shares.forecast > 100;
  const settings = locationPath(siteId, 'settings');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <Figure
          label={`${periodLabel(month.month)} to date`}
          kwh={month.kwhToDate}
          cost={ratesSet ? month.costToDate : null}
        />
        <Figure
          label="Forecast for the month"
          kwh={month.forecastKwh}
          cost={ratesSet ? month.forecastCost : null}
        />
        {ratesSet && month.budget !== null && (
          <Stack gap={0} role="group" aria-label="Budget">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Budget
            </Text>
            <Text size="xl" fw={700}>
              {formatCost(month.budget)}
            </Text>
          </Stack>
        )}
      </SimpleGrid>
      {!ratesSet && (
        <Text size="sm" c="dimmed">
          {`${RATES_NOT_SET}: costs cannot be shown. `}
          <Anchor component={Link} to={settings} size="sm">
            Set them in Location Settings
          </Anchor>
        </Text>
      )}
      {ratesSet && month.budget === null && (
        <Text size="sm" c="dimmed">
          {'No monthly budget is set. '}
          <Anchor component={Link} to={settings} size="sm">
            Set one in Location Settings
          </Anchor>
        </Text>
      )}
      {shares !== null && month.budget !== null && month.forecastCost !== null && (
        <Stack gap={4}>
          <Progress.Root
            size="lg"
            aria-label={`Forecast against the ${budgetOf}`}
            title={`To date ${Math.round(shares.toDate)} %, forecast ${Math.round(shares.forecast)} % of the budget`}
          >
            <Progress.Section value={Math.min(100, shares.toDate)} color={over ? 'red' : 'blue'} />
            <Progress.Section
              value={Math.max(0, Math.min(100, shares.forecast) - Math.min(100, shares.toDate))}
              color={over ? 'red.3' : 'blue.2'}
            />
          </Progress.Root>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c={over ? 'red.8' : undefined} data-testid="budget-forecast">
              {`Forecast ${formatCost(month.forecastCost)} of the ${budgetOf} ${formatCost(month.budget)} (${Math.round(shares.forecast)} %)${over ? ': over budget' : ''}`}
            </Text>
            <Text size="xs" c="dimmed">
              {`${Math.round(shares.toDate)} % used so far`}
            </Text>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

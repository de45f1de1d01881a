import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ENERGY_RANGES,
  energyRangeSchema,
  messages,
  type DeviceEnergy,
  type EnergyResolution,
} from '@powerdeck/domain';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { DeviceRoutePage, type DeviceRoute } from '../../../components/device-route';
import { devicePath } from '../../../lib/paths';
import { useDeviceMeta } from '../../devices';
import { energyKeys, useDeviceEnergy } from '../api/energy-api';
import { useLiveStatus } from '../api/live-status';
import { downloadText } from '../download';
import { EnergyBars } from '../components/energy-bars';
import { EnergyChart } from '../components/energy-chart';
import { MonthSummary } from '../components/month-summary';
import {
  RANGE_LABELS,
  appendLivePoint,
  barsCsv,
  chartSeries,
  csvFileName,
  customRangeProblem,
  customRangeReady,
  dailyBudget,
  readingsCsv,
  type RangeChoice,
} from '../energy-data';

export const NO_ENERGY_TEXT =
  'This device’s family reports no energy: there are no readings of voltage, amperage or wattage to show.';
export const PARENT_MEASURES_TEXT =
  'This device has no meter of its own: its parent device measures it, and these are the readings its parent reports for it.';

const RESOLUTION_TEXT: Record<EnergyResolution, string> = {
  raw: 'Every reading',
  minute: 'Averages per minute, with the minimum and maximum of each',
  hour: 'Averages per hour, with the minimum and maximum of each',
  day: 'Averages per day, with the minimum and maximum of each',
};

/** The range in the page's query (`?range=7d`, custom `&from=…&to=…`), Live when none. */
function useRangeChoice(): [RangeChoice, (next: RangeChoice) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = energyRangeSchema.safeParse(params.get('range'));
  const choice: RangeChoice = {
    range: parsed.success ? parsed.data : 'live',
    ...(params.get('from') ? { from: params.get('from') ?? '' } : {}),
    ...(params.get('to') ? { to: params.get('to') ?? '' } : {}),
  };
  const set = (next: RangeChoice) => {
    const query: Record<string, string> = { range: next.range };
    if (next.range === 'custom') {
      if (next.from) query.from = next.from;
      if (next.to) query.to = next.to;
    }
    setParams(query, { replace: true });
  };
  return [choice, set];
}

/** Energy Usage tab (spec §2 /usage): a device's readings, kWh and cost over a range. */
export function DeviceEnergyPage() {
  return (
    <DeviceRoutePage title="Energy Usage">{(device) => <EnergyView {...device} />}</DeviceRoutePage>
  );
}

/** A card or adapter measures nothing itself: its attached devices' Energy Usage, one click away. */
function AttachedDevices({ siteId, devId, devClass }: DeviceRoute) {
  const meta = useDeviceMeta(siteId, devClass, devId);
  const kids = meta.data?.kids ?? [];
  if (kids.length === 0) return null;
  return (
    <Stack gap={2} mt="xs">
      <Text size="sm">Its attached devices:</Text>
      {kids.map((kid) => (
        <Anchor
          key={kid.devId}
          component={Link}
          size="sm"
          to={devicePath(
            { locationId: siteId, deviceId: kid.devId, deviceClass: kid.devClass },
            'usage',
          )}
        >
          {kid.info.name || kid.devId}
        </Anchor>
      ))}
    </Stack>
  );
}

function RangePicker({
  choice,
  onChange,
}: {
  choice: RangeChoice;
  onChange: (next: RangeChoice) => void;
}) {
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Range"
        value={choice.range}
        data={ENERGY_RANGES.map((range) => ({ value: range, label: RANGE_LABELS[range] }))}
        onChange={(value) => {
          const range = energyRangeSchema.parse(value);
          onChange(
            range === 'custom'
              ? {
                  range,
                  from: choice.from ?? dayjs().subtract(6, 'day').format('YYYY-MM-DD'),
                  to: choice.to ?? today,
                }
              : { range },
          );
        }}
      />
      {choice.range === 'custom' && (
        <Group gap="xs" wrap="nowrap">
          <TextInput
            type="date"
            label="From"
            size="xs"
            value={choice.from ?? ''}
            max={choice.to ?? today}
            onChange={(event) => onChange({ ...choice, from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            size="xs"
            value={choice.to ?? ''}
            min={choice.from}
            max={today}
            onChange={(event) => onChange({ ...choice, to: event.currentTarget.value })}
            error={customRangeProblem(choice) ?? undefined}
          />
        </Group>
      )}
    </Group>
  );
}

function EnergyView({ siteId, devId, devClass }: DeviceRoute) {
  const [choice, setChoice] = useRangeChoice();
  const queryClient = useQueryClient();
  const liveKey = energyKeys.device(siteId, devId, { range: 'live' });
  // Read on each render of the answer below: once Live is in, whether the device measures itself.
  const live = queryClient.getQueryData<DeviceEnergy>(liveKey);
  // Live follows the device's push stream: each status report it sends is added to the charts.
  const streaming = useLiveStatus({
    devClass,
    devId,
    enabled: choice.range === 'live' && live?.measuredBy === 'self',
    onStatus: (status) =>
      queryClient.setQueryData<DeviceEnergy>(liveKey, (answer) =>
        answer ? appendLivePoint(answer, status) : answer,
      ),
  });
  const energy = useDeviceEnergy(siteId, devId, choice, streaming);
  return (
    <Stack gap="md">
      {energy.data?.measuredBy === 'none' ? (
        <Alert color="gray" title="No energy readings">
          {NO_ENERGY_TEXT}
          <AttachedDevices siteId={siteId} devId={devId} devClass={devClass} />
        </Alert>
      ) : (
        <>
          <Group gap="sm" align="flex-end">
            <RangePicker choice={choice} onChange={setChoice} />
            {/* the last range stays drawn until the next one is in */}
            {energy.isPlaceholderData && (
              <Loader size="sm" role="status" aria-label="Loading the range" />
            )}
          </Group>
          {energy.isError ? (
            <ErrorBanner
              message={messages.someErrorOccured}
              onRetry={() => void energy.refetch()}
            />
          ) : !energy.data ? (
            customRangeReady(choice) ? (
              <LoadingPanel />
            ) : (
              <Text c="dimmed">{customRangeProblem(choice)}</Text>
            )
          ) : (
            <EnergyContent siteId={siteId} answer={energy.data} />
          )}
        </>
      )}
    </Stack>
  );
}

function EnergyContent({ siteId, answer }: { siteId: string; answer: DeviceEnergy }) {
  const series = useMemo(() => chartSeries(answer), [answer]);
  return (
    <Stack gap="md">
      {answer.measuredBy === 'parent' && (
        <Alert color="blue" variant="light">
          {PARENT_MEASURES_TEXT}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-label="This month">
        <Title order={2} size="h5" mb="xs">
          This month
        </Title>
        <MonthSummary
          siteId={siteId}
          month={answer.month}
          ratesSet={answer.ratesSet}
          budgetOf="location’s monthly budget"
        />
      </Paper>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {`${RESOLUTION_TEXT[answer.resolution]}; times in ${answer.zone}.`}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={() => downloadText(csvFileName(answer, 'readings'), readingsCsv(answer))}
          >
            Export readings (CSV)
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={() => downloadText(csvFileName(answer, 'kwh'), barsCsv(answer))}
          >
            Export kWh (CSV)
          </Button>
        </Group>
      </Group>
      {series.map((s) => (
        <EnergyChart key={s.field} series={s} zone={answer.zone} />
      ))}
      <EnergyBars
        bars={answer.bars}
        budget={dailyBudget(answer.month, answer.ratesSet)}
        budgetOf="location’s monthly budget"
      />
    </Stack>
  );
}

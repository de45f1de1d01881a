import { DeviceRoutePage } from '../../../components/device-route';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  discoveryReasonTexts,
  findDeviceSpec,
  messages,
  type DeviceClass,
  type DiscoveredUnit,
  type DiscoveryRun,
} from '@powerdeck/domain';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconCircleCheck, IconRadar } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { ServerError } from '../../../components/server-error';
import { DEVICE_ADMIN_LABELS } from '../../../lib/route-labels';
import { useSession } from '../../auth';
import { deviceKeys, useDeviceMeta } from '../../devices';
import { isRunOpen, useDiscovery, useStartDiscovery } from '../api/network-api';
import { DiscoverySteps } from '../components/discovery-steps';
import { useLocationTimeText } from '../components/location-time';
import { networkTexts } from '../network-texts';

/** Discover Units of the device administration (issue 15, spec §4 discover phases). */
export function DeviceDiscoverPage() {
  return (
    <DeviceRoutePage title={DEVICE_ADMIN_LABELS.discover}>
      {(device) => <DiscoverView {...device} />}
    </DeviceRoutePage>
  );
}

const className = (devClass: string) => findDeviceSpec(devClass)?.displayName ?? devClass;

/**
 * When a run ends its units have been added to the device: the device's own screens read it
 * again (its kids, the location's device list).
 */
function useRefreshWhenEnded(siteId: string, devId: string, run: DiscoveryRun | null | undefined) {
  const client = useQueryClient();
  const wasOpen = useRef(false);
  const open = isRunOpen(run);
  useEffect(() => {
    if (wasOpen.current && !open) {
      void client.invalidateQueries({ queryKey: deviceKeys.meta(devId) });
      void client.invalidateQueries({ queryKey: deviceKeys.list(siteId) });
    }
    wasOpen.current = open;
  }, [client, siteId, devId, open]);
}

function DiscoverView({
  siteId,
  devClass,
  devId,
}: {
  siteId: string;
  devClass: DeviceClass;
  devId: string;
}) {
  const discovery = useDiscovery(siteId, devId);
  const meta = useDeviceMeta(siteId, devClass, devId);
  const session = useSession();
  const start = useStartDiscovery(siteId, devId);
  const timeText = useLocationTimeText(siteId);
  const run = discovery.data?.run;
  useRefreshWhenEnded(siteId, devId, run);

  if (discovery.isError && !discovery.data) {
    return (
      <ErrorBanner message={messages.someErrorOccured} onRetry={() => void discovery.refetch()} />
    );
  }
  if (!discovery.data) return <LoadingPanel />;
  const data = discovery.data;
  // The server's rule: a level other than CLIENT, or the SUPPORT tier (treated as ADMIN).
  const permitted =
    session.data?.tier === 'SUPPORT' || (meta.data !== undefined && meta.data.permLvl !== 'CLIENT');
  const running = isRunOpen(data.run);
  const name = meta.data?.devName ?? className(devClass);

  return (
    <Stack gap="md" maw={960}>
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {data.supported
                ? `Scans ${name} for the units attached to it; units it finds are added to it.`
                : discoveryReasonTexts.notSupported}
            </Text>
          </Stack>
          {data.supported && (
            <Button
              leftSection={<IconRadar size={16} aria-hidden />}
              disabled={!permitted || running}
              loading={start.isPending}
              onClick={() => start.mutate()}
            >
              {networkTexts.discover}
            </Button>
          )}
        </Group>
        {start.error && (
          <Stack mt="md">
            <ServerError error={start.error} />
          </Stack>
        )}
      </Paper>

      {data.supported && (
        <Paper withBorder radius="md" p="lg">
          {data.run ? (
            <CurrentRun run={data.run} started={timeText(data.run.startedAt)} />
          ) : (
            <Text size="sm" c="dimmed">
              {networkTexts.noRunYet}
            </Text>
          )}
        </Paper>
      )}

      {data.supported && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            Known units
          </Title>
          {data.units.length === 0 ? (
            <Text size="sm" c="dimmed">
              {networkTexts.noUnits}
            </Text>
          ) : (
            <UnitsTable units={data.units} label="Known units" />
          )}
        </Paper>
      )}
    </Stack>
  );
}

function CurrentRun({ run, started }: { run: DiscoveryRun; started: string }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          {isRunOpen(run) ? 'Discovery under way' : 'Last discovery'}
        </Title>
        <Text size="sm" c="dimmed">
          Started {started}
        </Text>
      </Group>
      <DiscoverySteps run={run} />
      {run.phase === 'failed' && (
        <Alert
          color="red"
          variant="light"
          title="Discovery failed"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
        >
          {run.reason ? discoveryReasonTexts[run.reason] : 'The discovery did not complete.'}
        </Alert>
      )}
      {run.phase === 'done' && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {`Discovery done: ${run.units.length} unit${run.units.length === 1 ? '' : 's'} found, ${
            run.units.filter((u) => !u.known).length
          } new.`}
        </Alert>
      )}
      {run.units.length > 0 && <UnitsTable units={run.units} label="Units found" />}
    </Stack>
  );
}

function UnitsTable({
  units,
  label,
}: {
  units: readonly (DiscoveredUnit & { known?: boolean })[];
  label: string;
}) {
  const marked = units.some((u) => u.known !== undefined);
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing={6} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Class</Table.Th>
            <Table.Th>ID</Table.Th>
            {marked && <Table.Th>Status</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {units.map((unit) => (
            <Table.Tr key={unit.devId}>
              <Table.Td>{unit.name}</Table.Td>
              <Table.Td>{className(unit.devClass)}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {unit.devId}
                </Text>
              </Table.Td>
              {marked && (
                <Table.Td>
                  <Badge variant="light" color={unit.known ? 'gray' : 'blue'}>
                    {unit.known ? 'Already known' : 'New'}
                  </Badge>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

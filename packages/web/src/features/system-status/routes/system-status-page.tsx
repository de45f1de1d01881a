import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  SYSTEM_STATUS_WINDOW_MINUTES,
  type SystemStatus,
  formatTime,
  systemStatusMessages,
} from '@powerdeck/domain';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { isApiRequestError } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { useUserLevels } from '../../locations';
import { useSystemStatus } from '../api/system-status-api';
import { JobsTable } from '../components/jobs-table';
import { ServersTable } from '../components/servers-table';
import { Sparkline } from '../components/sparkline';
import { StatusBadge } from '../components/status-badge';
import { UndeliveredMail } from '../components/undelivered-mail';
import { formatRate } from '../status-format';

/**
 * /system-status (issue 19 item 6, the spec's hidden sidebar item): SUPPORT users and location
 * owners watch the servers, database, broker, devices, rates, jobs and mail, asked again every
 * 5 s. Anyone else sees the no-permission state: known from their levels without asking (a
 * refused call would be an error in the browser's console), else from the server's 403.
 */
export function SystemStatusPage() {
  const support = useSession().data?.tier === 'SUPPORT';
  const levels = useUserLevels();
  const refused = levels.known && !support && !levels.holdsAnywhere('owner');
  const status = useSystemStatus(levels.known && !refused);
  return (
    <>
      <PageTitle
        title="System Status"
        actions={
          status.data && (
            <Text size="sm" c="dimmed" data-testid="status-updated">
              Updated {formatTime(status.data.at)}, every 5 seconds
            </Text>
          )
        }
      />
      {refused ? (
        <EmptyState message={systemStatusMessages.forbidden} icon={<IconLock size={24} />} />
      ) : status.isPending ? (
        <LoadingPanel />
      ) : status.isError ? (
        isApiRequestError(status.error, 403) ? (
          <EmptyState message={status.error.message} icon={<IconLock size={24} />} />
        ) : (
          <ErrorBanner message={status.error.message} onRetry={() => void status.refetch()} />
        )
      ) : (
        <StatusFigures status={status.data} support={support} />
      )}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Figure({
  label,
  value,
  children,
}: {
  label: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} component="div">
        {value}
      </Text>
      {children}
    </Paper>
  );
}

/** The figures; `support`: also the mail that did not go out (its recipients are SUPPORT's to see). */
function StatusFigures({ status, support }: { status: SystemStatus; support: boolean }) {
  const { database, broker, devices, rates, commands, jobs, mail } = status;
  const running = status.servers.filter((s) => !s.gone).length;
  const span = `last ${SYSTEM_STATUS_WINDOW_MINUTES} minutes`;
  return (
    <Stack gap="md">
      <Section title={`Servers (${running} running)`}>
        <ServersTable servers={status.servers} />
      </Section>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Figure label="Database" value={database.kind}>
          <Group gap="xs" mt={4}>
            <StatusBadge ok={database.up} />
            {!database.migrationsApplied && (
              <StatusBadge ok={false} badLabel="Migrations pending" />
            )}
          </Group>
        </Figure>
        <Figure label="Broker" value={broker.kind === 'embedded' ? 'Embedded' : 'External'}>
          <Group gap="xs" mt={4}>
            <StatusBadge ok={broker.up} />
          </Group>
        </Figure>
        <Figure label="Devices connected" value={devices.connected.toLocaleString('en-US')}>
          <Text size="sm" c="dimmed">
            {devices.seenLast24h.toLocaleString('en-US')} in the last 24 hours
          </Text>
        </Figure>
        <Figure label="Mail delivery failures" value={mail.failed.toLocaleString('en-US')}>
          <Text size="sm" c="dimmed">
            {mail.queued + mail.retrying} waiting, {mail.sent} sent
          </Text>
        </Figure>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure label="Status messages per second" value={formatRate(rates.statusesPerSecond)}>
          <Sparkline
            samples={rates.samples}
            field="statuses"
            color="blue"
            label={`Status messages per second over the ${span}`}
          />
        </Figure>
        <Figure label="Commands per second" value={formatRate(rates.commandsPerSecond)}>
          <Sparkline
            samples={rates.samples}
            field="commands"
            color="violet"
            label={`Commands per second over the ${span}`}
          />
        </Figure>
        <Figure label="Command failures" value={commands.failures.toLocaleString('en-US')}>
          <Text size="sm" c="dimmed">
            {commands.expiries.toLocaleString('en-US')} expired, {span}
          </Text>
        </Figure>
      </SimpleGrid>

      <Section title={`Background jobs (${jobs.waiting} waiting)`}>
        <JobsTable queues={jobs.queues} />
      </Section>

      {support && (
        <Section title={`Undelivered mail (${mail.retrying} retrying, ${mail.failed} failed)`}>
          <UndeliveredMail />
        </Section>
      )}
    </Stack>
  );
}

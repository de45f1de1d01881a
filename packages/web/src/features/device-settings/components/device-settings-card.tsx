import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type DeviceSpec, formatDateTime, messages } from '@powerdeck/domain';
import { useQuery } from '@tanstack/react-query';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { getDeviceSettings, settingsKey, type SettingsTarget } from '../api/device-settings-api';
import { settingsTexts } from '../settings-texts';
import type { OutletChoice } from './form-parts';
import { SettingsEditor } from './settings-editor';

/**
 * One device's settings (the page's device, or one of its kids): asked of the device when the
 * card opens; 'Error fetching device settings' with Try Again when that fails.
 */
export function DeviceSettingsCard({
  target,
  spec,
  name,
  outlets,
  readOnly,
}: {
  target: SettingsTarget;
  spec: DeviceSpec;
  name: string;
  outlets: readonly OutletChoice[];
  readOnly: boolean;
}) {
  const query = useQuery({
    queryKey: settingsKey(target),
    queryFn: ({ signal }) => getDeviceSettings(target, signal),
    // each visit asks the device once; a refetch must not reset a form being edited
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const read = query.data;
  const devId = target.kid?.devId ?? target.devId;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`${name} settings`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              {name}
            </Title>
            <Text size="sm" c="dimmed">{`${spec.displayName} · ${spec.idLabel} ${devId}${
              read?.fwVer ? ` · firmware ${read.fwVer}` : ''
            }`}</Text>
          </div>
          {read && <SourceBadge source={read.source} />}
        </Group>
        {query.isError || read?.source === 'none' || (read && !read.settings) ? (
          <ErrorBanner
            message={messages.deviceSettingsFailed}
            onRetry={() => void query.refetch()}
          />
        ) : !read?.settings ? (
          <LoadingPanel />
        ) : (
          <>
            {read.source === 'stored' && (
              <Text size="sm" c="dimmed" role="note">
                {read.reportedAt === null
                  ? settingsTexts.factory
                  : settingsTexts.lastReported(formatDateTime(read.reportedAt * 1000))}
                {!read.connected && ` ${messages.deviceInactive}`}
              </Text>
            )}
            <SettingsEditor
              target={target}
              spec={spec}
              read={read}
              settings={read.settings}
              outlets={outlets}
              readOnly={readOnly}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function SourceBadge({ source }: { source: 'device' | 'stored' | 'none' }) {
  if (source === 'device') {
    return (
      <Badge color="teal" variant="light" title={settingsTexts.readFromDevice}>
        From the device
      </Badge>
    );
  }
  return (
    <Badge color="gray" variant="light">
      {source === 'stored' ? 'Last reported' : 'Unknown'}
    </Badge>
  );
}

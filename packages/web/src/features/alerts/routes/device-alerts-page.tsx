import { DeviceRoutePage } from '../../../components/device-route';
import { Alert, Anchor, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ALERT_KINDS,
  ALERT_TYPE,
  IMMEDIATE_MAIL_WINDOW_MINUTES,
  type AlertKind,
  type DeviceAlerts,
  type DeviceClass,
  canMute,
  findDeviceSpec,
  messages,
} from '@powerdeck/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { locationPath } from '../../../lib/paths';
import { useDeviceMeta } from '../../devices';
import { alertKindText } from '../alert-kind-texts';
import { getDeviceAlerts, setAlertKind, setDeviceMuted } from '../api/alerts-api';
import { AlertEmailSelect } from '../components/alert-email-select';

const deviceAlertsKey = (siteId: string, devId: string) =>
  ['alertsManagement', 'getDeviceAlerts', siteId, devId] as const;

/** Ours: the spec words only the unsubscribe answers. */
const SUBSCRIBE_FAILED = 'The alert could not be turned on. Please try again.';

/**
 * Manage Alerts (device tab `…/alerts`, issue 14): which kinds of this device's alerts reach the
 * user — each kind its family can raise (the catalog's, sent by the server), for the device and
 * its kids — the device's mute (not for CLIENT and INSTALLER, spec §6) and the location's grace
 * period. A change applies from the next alert.
 */
export function DeviceAlertsPage() {
  return <DeviceRoutePage>{(device) => <ManageAlerts {...device} />}</DeviceRoutePage>;
}

function ManageAlerts({
  siteId,
  devClass,
  devId,
}: {
  siteId: string;
  devClass: DeviceClass;
  devId: string;
}) {
  const queryClient = useQueryClient();
  const meta = useDeviceMeta(siteId, devClass, devId);
  const key = deviceAlertsKey(siteId, devId);
  const alerts = useQuery({ queryKey: key, queryFn: () => getDeviceAlerts(siteId, devId) });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    // the alerts panel shows whether each alert is still subscribed
    await queryClient.invalidateQueries({ queryKey: ['notificationsManagement'] });
  };
  const toggleKind = useMutation({
    mutationFn: (change: { devClass: string; devId: string; kind: AlertKind; on: boolean }) =>
      setAlertKind(change, change.on),
    onSuccess: async (_answer, change) => {
      if (!change.on) notifications.show({ color: 'green', message: messages.unsubscribed });
      await refresh();
    },
    onError: (_error, change) =>
      notifications.show({
        color: 'red',
        message: change.on ? SUBSCRIBE_FAILED : messages.unsubscribeFailed,
      }),
  });
  const mute = useMutation({
    mutationFn: (muted: boolean) => setDeviceMuted(siteId, devId, muted),
    onSuccess: async (_answer, muted) => {
      notifications.show({ color: 'green', message: muted ? messages.muted : messages.unmuted });
      await refresh();
    },
    onError: (_error, muted) =>
      notifications.show({
        color: 'red',
        message: muted ? messages.muteFailed : messages.unmuteFailed,
      }),
  });

  if (alerts.isError || meta.isError) {
    return (
      <ErrorBanner
        message={messages.adminFetchFailed}
        onRetry={() => {
          void alerts.refetch();
          void meta.refetch();
        }}
      />
    );
  }
  if (!alerts.data || !meta.data) return <LoadingPanel />;
  const data = alerts.data;
  const mayMute = canMute(meta.data.permLvl);
  const pendingKind = toggleKind.isPending ? toggleKind.variables : undefined;
  const onChange: KindChange = (device, kind, on) =>
    toggleKind.mutate({ devClass: device.devClass, devId: device.devId, kind, on });

  return (
    <>
      <PageTitle title="Manage Alerts" />
      <Stack gap="md" maw={960}>
        <Text size="sm" c="dimmed">
          Choose which alerts of this device reach you in the alerts panel. A change applies from
          the next alert.
        </Text>
        {!data.receivesAlerts && (
          <Alert color="gray" variant="light">
            You hold no level of your own at this location, so its alerts do not reach you.
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Switch
              label="Mute notifications for this device"
              description={
                mayMute
                  ? 'While muted, none of its alerts (nor those of the devices attached to it) reach you.'
                  : 'CLIENT and INSTALLER cannot mute notifications.'
              }
              checked={data.muted}
              disabled={!mayMute || mute.isPending}
              onChange={(event) => mute.mutate(event.currentTarget.checked)}
            />
            {data.locationMuted && (
              <Alert color="yellow" variant="light">
                Notifications for this location are muted: none of its alerts reach you until you
                unmute the location.
              </Alert>
            )}
          </Stack>
        </Paper>
        {data.devices.length === 1 && data.devices[0] ? (
          <DeviceKinds
            device={data.devices[0]}
            graceSeconds={data.offlineGraceSeconds}
            pending={pendingKind}
            onChange={onChange}
          />
        ) : (
          <KindsTable
            devices={data.devices}
            graceSeconds={data.offlineGraceSeconds}
            pending={pendingKind}
            onChange={onChange}
          />
        )}
        <AlertEmails devices={data.devices} onSaved={refresh} />
        <Text size="xs" c="dimmed">
          The grace period is the location’s, set in{' '}
          <Anchor component={Link} to={locationPath(siteId, 'settings')} size="xs">
            Location Settings
          </Anchor>
          .
        </Text>
      </Stack>
    </>
  );
}

type AlertDevice = DeviceAlerts['devices'][number];

/**
 * Whether the device's alerts (and each attached device's) also come by e-mail (issue 19). The
 * e-mail carries the alerts that reach the panel: none while the device or location is muted.
 */
function AlertEmails({
  devices,
  onSaved,
}: {
  devices: readonly AlertDevice[];
  onSaved: () => Promise<void>;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="alert-emails">
      <Title order={2} size="h4" id="alert-emails">
        By e-mail
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        The alerts that reach you can also come by e-mail: immediately (at most one mail per kind of
        alert every {IMMEDIATE_MAIL_WINDOW_MINUTES} minutes) or in a digest. Each mail has a
        one-click unsubscribe link.
      </Text>
      <Stack gap="xs" maw={360}>
        {devices.map((device) => (
          <AlertEmailSelect
            key={device.devId}
            subscription={{ type: ALERT_TYPE, devClass: device.devClass, devId: device.devId }}
            email={device.email}
            label={devices.length === 1 ? 'E-mail' : `E-mail: ${device.devName}`}
            onSaved={onSaved}
          />
        ))}
      </Stack>
    </Paper>
  );
}
type KindChange = (device: AlertDevice, kind: AlertKind, on: boolean) => void;

interface KindsProps {
  graceSeconds: number;
  pending: { devId: string; kind: AlertKind } | undefined;
  onChange: KindChange;
}

const isPending = (props: KindsProps, device: AlertDevice, kind: AlertKind) =>
  props.pending?.devId === device.devId && props.pending.kind === kind;

const deviceLine = (device: AlertDevice) =>
  `${findDeviceSpec(device.devClass)?.displayName ?? device.devClass} · ${device.devId}`;

/** One device: a switch per kind, with what each kind means. */
function DeviceKinds(props: KindsProps & { device: AlertDevice }) {
  const { device, graceSeconds, onChange } = props;
  const headingId = `alerts-${device.devId}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {device.devName}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {deviceLine(device)}
      </Text>
      <Stack gap="sm">
        {device.alerts.map(({ kind, subscribed }) => {
          const text = alertKindText(kind, graceSeconds);
          return (
            <Switch
              key={kind}
              label={text.label}
              description={text.description}
              checked={subscribed}
              disabled={isPending(props, device, kind)}
              onChange={(event) => onChange(device, kind, event.currentTarget.checked)}
            />
          );
        })}
      </Stack>
    </Paper>
  );
}

/**
 * A device with kids (a card's unit, a bb232's sequencers): a row per device, a column per kind
 * any of them raises ('–' where a device does not), and what each kind means below.
 */
function KindsTable(props: KindsProps & { devices: readonly AlertDevice[] }) {
  const { devices, graceSeconds, onChange } = props;
  const kinds = ALERT_KINDS.filter((kind) =>
    devices.some((d) => d.alerts.some((a) => a.kind === kind)),
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Table.ScrollContainer minWidth={560}>
        <Table
          aria-label="Alerts of the device and the devices attached to it"
          verticalSpacing="sm"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              {kinds.map((kind) => (
                <Table.Th key={kind} ta="center">
                  {alertKindText(kind, graceSeconds).label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.map((device) => (
              <Table.Tr key={device.devId}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {device.devName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {deviceLine(device)}
                  </Text>
                </Table.Td>
                {kinds.map((kind) => {
                  const alert = device.alerts.find((a) => a.kind === kind);
                  return (
                    <Table.Td key={kind} ta="center">
                      {alert ? (
                        <Switch
                          display="inline-block"
                          aria-label={`${alertKindText(kind, graceSeconds).label}: ${device.devName}`}
                          checked={alert.subscribed}
                          disabled={isPending(props, device, kind)}
                          onChange={(event) => onChange(device, kind, event.currentTarget.checked)}
                        />
                      ) : (
                        <Text span size="sm" c="dimmed" aria-label="Not raised by this device">
                          –
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4} mt="md">
        {kinds.map((kind) => {
          const text = alertKindText(kind, graceSeconds);
          return (
            <Text key={kind} size="xs" c="dimmed">
              <Text span size="xs" fw={600} c="dimmed">
                {text.label}:
              </Text>{' '}
              {text.description}
            </Text>
          );
        })}
      </Stack>
    </Paper>
  );
}

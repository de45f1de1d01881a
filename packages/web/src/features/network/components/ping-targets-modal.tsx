import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  PING_LIMITS,
  PING_WINDOW_NAMES,
  blankPingTarget,
  pingTargetsSchema,
  type NetworkDevice,
  type PingAction,
  type PingWindowName,
} from '@powerdeck/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type FieldPath,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import { fieldError } from '../../../components/field-error';
import { FormTextInput } from '../../../components/form-fields';
import { NumberField } from '../../../components/number-field';
import { ServerError } from '../../../components/server-error';
import { isApiRequestError } from '../../../lib/api-client';
import { useSavePingTargets } from '../api/network-api';
import { networkTexts, outletName, PING_ACTION_WORDS, pingWindowText } from '../network-texts';

/** The editor's values: the device's targets, checked with the save call's own schema. */
const pingFormSchema = z.object({ targets: pingTargetsSchema });
type PingForm = z.input<typeof pingFormSchema>;
type PingFormOutput = z.output<typeof pingFormSchema>;
type PingForms = UseFormReturn<PingForm, unknown, PingFormOutput>;

/** A device whose outlets an auto-reboot may cycle: the device itself or one of its kids. */
interface OutletOwner {
  devId: string;
  name: string;
  outlets: { otlt: number; name: string }[];
}

function ownersOf(device: NetworkDevice): OutletOwner[] {
  const owners: OutletOwner[] = [];
  for (const outlet of device.outlets) {
    let owner = owners.find((o) => o.devId === outlet.devId);
    if (!owner) {
      const name =
        outlet.devId === device.devId
          ? device.devName
          : (device.kids.find((k) => k.devId === outlet.devId)?.devName ?? outlet.devId);
      owner = { devId: outlet.devId, name, outlets: [] };
      owners.push(owner);
    }
    owner.outlets.push({ otlt: outlet.otlt, name: outletName(outlet) });
  }
  return owners;
}

function defaultsOf(device: NetworkDevice): PingForm {
  return {
    targets: (device.ping?.targets ?? []).map((t) => ({
      host: t.host,
      window: t.window,
      action: t.action,
      outlets: t.outlets.map((o) => ({ devId: o.devId, otlt: o.otlt })),
      maxReboots: t.maxReboots,
      holdOffSec: t.holdOffSec,
    })),
  };
}

/** The ping target editor of one device (CLIENT never gets it; the server refuses with 403). */
export function PingTargetsModal({
  siteId,
  device,
  opened,
  onClose,
}: {
  siteId: string;
  device: NetworkDevice;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Ping targets of ${device.devName}`}
      size="xl"
      closeOnClickOutside={false}
    >
      {opened && <PingTargetsForm siteId={siteId} device={device} onClose={onClose} />}
    </Modal>
  );
}

function PingTargetsForm({
  siteId,
  device,
  onClose,
}: {
  siteId: string;
  device: NetworkDevice;
  onClose: () => void;
}) {
  const save = useSavePingTargets(siteId);
  // Read once: the page's refreshes must not reset what the user is typing.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const defaultValues = useMemo(() => defaultsOf(device), []);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const owners = useMemo(() => ownersOf(device), []);
  const form = useForm<PingForm, unknown, PingFormOutput>({
    resolver: zodResolver(pingFormSchema),
    mode: 'all',
    defaultValues,
  });
  const { control, formState } = form;
  const targets = useFieldArray({ control, name: 'targets' });
  const full = targets.fields.length >= PING_LIMITS.targets;

  const submit = form.handleSubmit((values) => {
    save.mutate(
      { devId: device.devId, targets: values.targets },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: networkTexts.saved });
          onClose();
        },
        onError: (error) => {
          if (!isApiRequestError(error)) return;
          for (const [field, message] of Object.entries(error.fields)) {
            form.setError(field as FieldPath<PingForm>, { message });
          }
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The device pings each target itself, so it can reboot the outlet of a modem that cut it
          off from the console. Up to {PING_LIMITS.targets} targets.
        </Text>
        {targets.fields.length === 0 && <Text size="sm">{networkTexts.noTargets}</Text>}
        {targets.fields.map((field, index) => (
          <TargetFields
            key={field.id}
            form={form}
            index={index}
            owners={owners}
            onRemove={() => {
              targets.remove(index);
              void form.trigger();
            }}
          />
        ))}
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={full}
            onClick={() => {
              targets.append(blankPingTarget(), { shouldFocus: true });
            }}
          >
            Add a target
          </Button>
          {full && (
            <Text size="xs" c="dimmed">
              At most {PING_LIMITS.targets} ping targets
            </Text>
          )}
        </Group>
        <ServerError error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!formState.isDirty || !formState.isValid}
            loading={save.isPending}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TargetFields({
  form,
  index,
  owners,
  onRemove,
}: {
  form: PingForms;
  index: number;
  owners: readonly OutletOwner[];
  onRemove: () => void;
}) {
  const { control } = form;
  const action = useWatch({ control, name: `targets.${index}.action` });
  const window = useWatch({ control, name: `targets.${index}.window` });

  const change = <N extends FieldPath<PingForm>>(name: N, value: PathValue<PingForm, N>) => {
    form.setValue(name, value, { shouldDirty: true, shouldTouch: true });
    void form.trigger();
  };

  const chooseAction = (next: PingAction) => {
    change(`targets.${index}.action`, next);
    const first = owners[0];
    const outlets = form.getValues(`targets.${index}.outlets`);
    if (next === 'none') change(`targets.${index}.outlets`, []);
    else if (outlets.length === 0 && first?.outlets[0]) {
      change(`targets.${index}.outlets`, [{ devId: first.devId, otlt: first.outlets[0].otlt }]);
    }
  };

  return (
    <Fieldset legend={`Target ${index + 1}`} radius="md">
      <Stack gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
            <FormTextInput
              form={form}
              name={`targets.${index}.host`}
              label="Host"
              description="IPv4 address or host name"
              withAsterisk
            />
            <NativeSelect
              label="Sample window"
              description="How long a target is watched"
              data={PING_WINDOW_NAMES.map((w) => ({ value: w, label: pingWindowText(w) }))}
              value={window}
              onChange={(event) =>
                change(`targets.${index}.window`, event.currentTarget.value as PingWindowName)
              }
            />
            <NativeSelect
              label="When it fails"
              description="What the device does"
              data={(['none', 'cycle'] as const).map((a) => ({
                value: a,
                label: PING_ACTION_WORDS[a],
              }))}
              value={action}
              onChange={(event) => chooseAction(event.currentTarget.value as PingAction)}
            />
          </SimpleGrid>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            mt={25}
            aria-label={`Remove target ${index + 1}`}
            onClick={onRemove}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        {action === 'cycle' && (
          <>
            <OutletRows form={form} index={index} owners={owners} change={change} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={control}
                name={`targets.${index}.maxReboots`}
                render={({ field }) => (
                  <NumberField
                    label="Reboots in a row"
                    description={`Then it stops and alerts (${PING_LIMITS.maxRebootsMin}-${PING_LIMITS.maxRebootsMax})`}
                    min={PING_LIMITS.maxRebootsMin}
                    max={PING_LIMITS.maxRebootsMax}
                    value={Number.isNaN(field.value) ? '' : field.value}
                    onChange={(v) => field.onChange(v === '' ? Number.NaN : v)}
                    onBlur={field.onBlur}
                    error={fieldError(form, field.name)}
                  />
                )}
              />
              <Controller
                control={control}
                name={`targets.${index}.holdOffSec`}
                render={({ field }) => (
                  <NumberField
                    label="Hold-off after a reboot (seconds)"
                    description="Time for a slow modem to boot"
                    min={PING_LIMITS.holdOffSecMin}
                    max={PING_LIMITS.holdOffSecMax}
                    value={Number.isNaN(field.value) ? '' : field.value}
                    onChange={(v) => field.onChange(v === '' ? Number.NaN : v)}
                    onBlur={field.onBlur}
                    error={fieldError(form, field.name)}
                  />
                )}
              />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Fieldset>
  );
}

/** The outlets a failing target cycles: a device (the device or its kid) and an outlet a row. */
function OutletRows({
  form,
  index,
  owners,
  change,
}: {
  form: PingForms;
  index: number;
  owners: readonly OutletOwner[];
  change: <N extends FieldPath<PingForm>>(name: N, value: PathValue<PingForm, N>) => void;
}) {
  const { control } = form;
  const rows = useFieldArray({ control, name: `targets.${index}.outlets` });
  const values = useWatch({ control, name: `targets.${index}.outlets` });
  const listError = form.formState.errors.targets?.[index]?.outlets;
  const listMessage = listError?.message ?? listError?.root?.message;
  const first = owners[0];

  return (
    <Stack gap="xs">
      {rows.fields.map((field, row) => {
        const value = values[row];
        const owner = owners.find((o) => o.devId === value?.devId);
        // A rule across rows (the same outlet twice): shown as soon as the choice makes it.
        const rowError = form.getFieldState(`targets.${index}.outlets.${row}`, form.formState).error
          ?.message;
        const top = row === 0;
        return (
          <Group key={field.id} align="flex-start" wrap="nowrap" gap="xs">
            <NativeSelect
              style={{ flex: 3 }}
              label={top ? 'Device' : undefined}
              aria-label={`Device of outlet ${row + 1}`}
              data={owners.map((o) => ({ value: o.devId, label: o.name }))}
              value={value?.devId ?? ''}
              onChange={(event) => {
                const next = owners.find((o) => o.devId === event.currentTarget.value);
                change(`targets.${index}.outlets.${row}`, {
                  devId: event.currentTarget.value,
                  otlt: next?.outlets[0]?.otlt ?? 1,
                });
              }}
            />
            <NativeSelect
              style={{ flex: 2 }}
              label={top ? 'Outlet to cycle' : undefined}
              aria-label={`Outlet ${row + 1} to cycle`}
              data={(owner?.outlets ?? []).map((o) => ({
                value: String(o.otlt),
                label: `${o.otlt} · ${o.name}`,
              }))}
              value={String(value?.otlt ?? '')}
              onChange={(event) =>
                change(`targets.${index}.outlets.${row}.otlt`, Number(event.currentTarget.value))
              }
              error={rowError}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              mt={top ? 25 : 0}
              aria-label={`Remove outlet ${row + 1}`}
              onClick={() => {
                rows.remove(row);
                form.setValue(
                  `targets.${index}.outlets`,
                  form.getValues(`targets.${index}.outlets`),
                  {
                    shouldDirty: true,
                    shouldTouch: true,
                  },
                );
                void form.trigger();
              }}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {listMessage && (
        <Text size="xs" c="red" role="alert">
          {listMessage}
        </Text>
      )}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={!first}
          onClick={() => {
            if (!first?.outlets[0]) return;
            rows.append(
              { devId: first.devId, otlt: first.outlets[0].otlt },
              { shouldFocus: false },
            );
            void form.trigger();
          }}
        >
          Add an outlet
        </Button>
      </Group>
    </Stack>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type CommandResult,
  CYCLE_GROUP_FIRMWARE,
  type DeviceSettings,
  type DeviceSettingsRead,
  type DeviceSpec,
  changedSettings,
  cycleGroupOutlets,
  deviceSettingsSchemaFor,
  settingFieldsOf,
} from '@powerdeck/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { isApiRequestError } from '../../../lib/api-client';
import { deviceKeys } from '../../devices';
import { saveDeviceSettings, settingsKey, type SettingsTarget } from '../api/device-settings-api';
import { useCommandOutcome } from '../hooks/use-command-outcome';
import { saveFailure, settingsTexts } from '../settings-texts';
import { ClockFields } from './clock-fields';
import type { OutletChoice } from './form-parts';
import { EventFields, GeneralFields } from './general-fields';
import { CycleGroupFields, PowerOnFields } from './outlet-fields';
import { SequenceGroupField } from './sequence-group-field';
import classes from './settings-editor.module.css';

type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'pending'; result: CommandResult; values: DeviceSettings }
  | { kind: 'saved' }
  | { kind: 'failed'; message: string };

interface Section {
  /** Roughly how tall it is, to share the sections between two columns. */
  weight: number;
  node: ReactNode;
}

/** The sections in their order, each in the column that is shorter so far. */
function twoColumns(sections: readonly Section[]): [ReactNode[], ReactNode[]] {
  const columns: [ReactNode[], ReactNode[]] = [[], []];
  const heights = [0, 0];
  for (const section of sections) {
    const i = (heights[1] ?? 0) < (heights[0] ?? 0) ? 1 : 0;
    columns[i].push(section.node);
    heights[i] = (heights[i] ?? 0) + section.weight;
  }
  return columns;
}

/** The settings of the class's descriptors, out of what the server answered. */
function ownValues(spec: DeviceSpec, settings: DeviceSettings): DeviceSettings {
  const own = new Set<string>(settingFieldsOf(spec.settings));
  return Object.fromEntries(Object.entries(settings).filter(([key]) => own.has(key)));
}

/**
 * The form of one device's settings: a section per descriptor of its class, checked on change
 * with the class's schema (the server's rules), Save once changed and valid. A save is pending
 * until the device confirms it, then Saved, or the reason it did not take.
 */
export function SettingsEditor({
  target,
  spec,
  read,
  settings,
  outlets,
  readOnly,
}: {
  target: SettingsTarget;
  spec: DeviceSpec;
  read: DeviceSettingsRead;
  settings: DeviceSettings;
  outlets: readonly OutletChoice[];
  readOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const initial = useMemo(() => ownValues(spec, settings), [spec, settings]);
  const schema = useMemo(() => deviceSettingsSchemaFor(spec, read.fwVer), [spec, read.fwVer]);
  const form = useForm<DeviceSettings, unknown, DeviceSettings>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: initial,
  });
  const [saved, setSaved] = useState(initial);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });

  useCommandOutcome(target, status.kind === 'pending' ? status.result : null, (final) => {
    if (status.kind !== 'pending') return;
    if (final.state !== 'done') {
      setStatus({ kind: 'failed', message: saveFailure(final) });
      return;
    }
    const values = status.values;
    setSaved(values);
    form.reset(values);
    setStatus({ kind: 'saved' });
    queryClient.setQueryData<DeviceSettingsRead>(settingsKey(target), (old) =>
      old ? { ...old, source: 'device', settings: { ...old.settings, ...values } } : old,
    );
    // the panel's sequence and cycle groups, and the name, come from the device's meta
    void queryClient.invalidateQueries({ queryKey: deviceKeys.meta(target.devId) });
  });

  const busy = status.kind === 'sending' || status.kind === 'pending';
  const locked = readOnly || !read.connected;
  const { isDirty, isValid } = form.formState;

  const submit = form.handleSubmit((values) => {
    setStatus({ kind: 'sending' });
    saveDeviceSettings(target, changedSettings(spec.settings, saved, values))
      .then((result) => setStatus({ kind: 'pending', result, values }))
      .catch((error: unknown) => {
        if (isApiRequestError(error)) {
          for (const [field, message] of Object.entries(error.fields)) {
            form.setError(field as FieldPath<DeviceSettings>, { message });
          }
        }
        const message = error instanceof Error ? error.message : settingsTexts.saveFailed;
        setStatus({ kind: 'failed', message });
      });
  });

  const n = outlets.length;
  const sections: Section[] = [];
  for (const descriptor of spec.settings) {
    switch (descriptor.key) {
      case 'name':
        sections.push({ weight: 4, node: <GeneralFields key="general" form={form} /> });
        break;
      case 'statusInterval':
        break;
      case 'events':
        sections.push({
          weight: 2 + descriptor.types.length / 2,
          node: <EventFields key="events" form={form} types={descriptor.types} />,
        });
        break;
      case 'clock':
        sections.push({ weight: 5, node: <ClockFields key="clock" form={form} /> });
        break;
      case 'sequenceGroup':
        sections.push({
          weight: 3 + n * 1.2,
          node: (
            <SequenceGroupField
              key="sequence"
              form={form}
              label={descriptor.label}
              outlets={outlets}
            />
          ),
        });
        break;
      case 'cycleGroup':
        sections.push({
          weight: 3 + n / 3,
          node: (
            <CycleGroupFields
              key="cycle"
              form={form}
              outlets={outlets}
              allowed={cycleGroupOutlets(n, read.fwVer)}
              fwNote={
                read.fwVer === CYCLE_GROUP_FIRMWARE
                  ? settingsTexts.cycleGroupFirmware(CYCLE_GROUP_FIRMWARE)
                  : null
              }
            />
          ),
        });
        break;
      case 'powerOn':
        sections.push({
          weight: 2 + n * 0.7,
          node: <PowerOnFields key="power-on" form={form} outlets={outlets} />,
        });
        break;
    }
  }
  const [left, right] = twoColumns(sections);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <fieldset disabled={locked || busy} className={classes.fieldset}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="md">{left}</Stack>
            <Stack gap="md">{right}</Stack>
          </SimpleGrid>
        </fieldset>
        {!readOnly && (
          <Group justify="space-between" wrap="wrap" gap="sm" className={classes.actions}>
            <SaveStatusText status={status} />
            <Group gap="xs">
              <Button
                variant="default"
                disabled={!isDirty || busy || locked}
                onClick={() => {
                  form.reset(saved);
                  setStatus({ kind: 'idle' });
                }}
              >
                {settingsTexts.reset}
              </Button>
              <Button type="submit" disabled={!isDirty || !isValid || locked} loading={busy}>
                {settingsTexts.save}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function SaveStatusText({ status }: { status: SaveStatus }) {
  const text =
    status.kind === 'sending' || status.kind === 'pending'
      ? settingsTexts.saving
      : status.kind === 'saved'
        ? settingsTexts.saved
        : status.kind === 'failed'
          ? status.message
          : '';
  const color = status.kind === 'failed' ? 'red' : status.kind === 'saved' ? 'teal' : 'dimmed';
  return (
    <Text size="sm" c={color} role="status" aria-live="polite">
      {text}
    </Text>
  );
}

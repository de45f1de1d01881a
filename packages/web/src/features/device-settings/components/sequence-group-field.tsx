import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { DEFAULT_STEP_DELAY_SEC, type SequenceGroupLabel, SETTING_LIMITS } from '@powerdeck/domain';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { settingsTexts } from '../settings-texts';
import { type OutletChoice, outletText, SecondsField, type SettingsForm } from './form-parts';
import { SettingsSection } from './settings-section';
import classes from './sequence-group-field.module.css';

/**
 * The sequence group (the 'DC Trigger' on a vt4315): which outlets, in which order, each with the
 * delay before it switches on.
 */
export function SequenceGroupField({
  form,
  label,
  outlets,
}: {
  form: SettingsForm;
  label: SequenceGroupLabel;
  outlets: readonly OutletChoice[];
}) {
  const { fields, append, move, remove } = useFieldArray({
    control: form.control,
    name: 'sequenceGroup',
  });
  const [adding, setAdding] = useState<string | null>(null);
  const inGroup = new Set(fields.map((f) => f.otlt));
  const addable = outlets
    .filter((o) => !inGroup.has(o.otlt))
    .map((o) => ({ value: String(o.otlt), label: o.name }));
  const errors = form.formState.errors.sequenceGroup;
  const limits = SETTING_LIMITS.stepDelaySec;

  const add = () => {
    if (adding === null) return;
    append({ otlt: Number(adding), delaySec: fields.length === 0 ? 0 : DEFAULT_STEP_DELAY_SEC });
    setAdding(null);
  };

  return (
    <SettingsSection title={label} help={settingsTexts.sequenceHelp}>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {settingsTexts.sequenceEmpty}
        </Text>
      ) : (
        <div className={classes.steps}>
          <div className={classes.step} aria-hidden>
            <Text size="xs" c="dimmed">
              Outlet, in order
            </Text>
            <Text size="xs" c="dimmed" w={110}>
              Delay before
            </Text>
            <span />
          </div>
          <ol className={classes.steps} aria-label={`${label} order`}>
            {fields.map((step, i) => {
              const name = outletText(outlets, step.otlt);
              const otltError = errors?.[i]?.otlt?.message;
              return (
                <li key={step.id} className={classes.step}>
                  <div className={classes.name}>
                    <Text size="sm">{name}</Text>
                    {otltError && (
                      <Text size="xs" c="red">
                        {otltError}
                      </Text>
                    )}
                  </div>
                  <SecondsField
                    form={form}
                    name={`sequenceGroup.${i}.delaySec`}
                    label={`Delay before ${name}`}
                    min={limits.min}
                    max={limits.max}
                    decimals
                    width={110}
                    hideLabel
                  />
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${name} up`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${name} down`}
                      disabled={i === fields.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${name}`}
                      onClick={() => remove(i)}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </li>
              );
            })}
          </ol>
        </div>
      )}
      {addable.length > 0 && (
        <Stack gap={4}>
          <Group gap="xs" align="flex-end">
            <Select
              label={settingsTexts.addOutlet}
              placeholder="Pick an outlet"
              data={addable}
              value={adding}
              onChange={setAdding}
              w={240}
              size="sm"
            />
            <Button
              variant="light"
              size="sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={adding === null}
              onClick={add}
            >
              Add
            </Button>
          </Group>
        </Stack>
      )}
    </SettingsSection>
  );
}

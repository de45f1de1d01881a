import { Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { POWER_ON_STATES, type PowerOnState, SETTING_LIMITS } from '@powerdeck/domain';
import { Controller } from 'react-hook-form';
import { POWER_ON_LABELS, settingsTexts } from '../settings-texts';
import { type OutletChoice, SecondsField, type SettingsForm } from './form-parts';
import { SettingsSection } from './settings-section';

/** The outlets Cycle Group cycles, and how long they stay off. */
export function CycleGroupFields({
  form,
  outlets,
  allowed,
  fwNote,
}: {
  form: SettingsForm;
  outlets: readonly OutletChoice[];
  /** Outlets the firmware lets into the group (1-8 on 1.0.0). */
  allowed: readonly number[];
  fwNote: string | null;
}) {
  const limits = SETTING_LIMITS.cycleOffSec;
  return (
    <SettingsSection title={settingsTexts.cycleGroup} help={settingsTexts.cycleGroupHelp}>
      <Controller
        control={form.control}
        name="cycleGroup"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            aria-label={settingsTexts.cycleGroup}
            value={(field.value ?? []).map(String)}
            onChange={(picked) => field.onChange(picked.map(Number).sort((a, b) => a - b))}
            error={fieldState.error?.message ?? firstItemError(fieldState.error)}
          >
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs">
              {outlets.map((outlet) => (
                <Checkbox
                  key={outlet.otlt}
                  value={String(outlet.otlt)}
                  label={outlet.name}
                  size="sm"
                  disabled={!allowed.includes(outlet.otlt)}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
      />
      {fwNote && (
        <Text size="xs" c="dimmed">
          {fwNote}
        </Text>
      )}
      <SecondsField
        form={form}
        name="cycleOffSec"
        label={settingsTexts.cycleOffSec}
        min={limits.min}
        max={limits.max}
        decimals
        width={160}
      />
    </SettingsSection>
  );
}

/** A list's message is on its items (`cycleGroup.1`): the first one, for the whole group. */
function firstItemError(error: unknown): string | undefined {
  if (!Array.isArray(error)) return undefined;
  const item = (error as ({ message?: string } | undefined)[]).find((e) => e?.message);
  return item?.message;
}

const CHOICES = POWER_ON_STATES.map((state) => ({ value: state, label: POWER_ON_LABELS[state] }));

/** Each outlet's state when power returns: on, off, or as it was before. */
export function PowerOnFields({
  form,
  outlets,
}: {
  form: SettingsForm;
  outlets: readonly OutletChoice[];
}) {
  return (
    <SettingsSection title={settingsTexts.powerOn} help={settingsTexts.powerOnHelp}>
      <Controller
        control={form.control}
        name="powerOn"
        render={({ field, fieldState }) => {
          const states = field.value ?? [];
          const set = (index: number, state: PowerOnState) =>
            field.onChange(outlets.map((_, i) => (i === index ? state : (states[i] ?? 'last'))));
          return (
            <Stack gap={4}>
              <Table verticalSpacing={4} withRowBorders={false}>
                <Table.Tbody>
                  {outlets.map((outlet, i) => (
                    <Table.Tr key={outlet.otlt}>
                      <Table.Td>
                        <Text size="sm">{outlet.name}</Text>
                      </Table.Td>
                      <Table.Td align="right">
                        <Group justify="flex-end">
                          <SegmentedControl
                            size="xs"
                            aria-label={`Power-on state of ${outlet.name}`}
                            data={CHOICES}
                            value={states[i] ?? 'last'}
                            onChange={(value) => set(i, value)}
                          />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {fieldState.error?.message && (
                <Text size="xs" c="red">
                  {fieldState.error.message}
                </Text>
              )}
            </Stack>
          );
        }}
      />
    </SettingsSection>
  );
}

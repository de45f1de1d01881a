import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { type EventType, SETTING_LIMITS } from '@powerdeck/domain';
import { Controller } from 'react-hook-form';
import { EVENT_TYPE_LABELS, settingsTexts } from '../settings-texts';
import { SecondsField, type SettingsForm } from './form-parts';
import { SettingsSection } from './settings-section';

/** Name and the auto status update interval. */
export function GeneralFields({ form }: { form: SettingsForm }) {
  const interval = SETTING_LIMITS.statusIntervalSec;
  return (
    <SettingsSection title={settingsTexts.general}>
      <TextInput
        label={settingsTexts.name}
        {...form.register('name')}
        error={form.formState.errors.name?.message}
      />
      <SecondsField
        form={form}
        name="statusIntervalSec"
        label={settingsTexts.statusInterval}
        description={settingsTexts.statusIntervalHelp}
        min={interval.min}
        max={interval.max}
        decimals={false}
        width={260}
      />
    </SettingsSection>
  );
}

/** Which of the event types its class raises the device reports. */
export function EventFields({ form, types }: { form: SettingsForm; types: readonly EventType[] }) {
  return (
    <SettingsSection title={settingsTexts.events} help={settingsTexts.eventsHelp}>
      <Controller
        control={form.control}
        name="events"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            aria-label={settingsTexts.events}
            value={field.value ?? []}
            // kept in the catalog's order, whatever order they were ticked in
            onChange={(picked) => field.onChange(types.filter((t) => picked.includes(t)))}
            error={fieldState.error?.message}
          >
            <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
              {types.map((type) => (
                <Checkbox key={type} value={type} label={EVENT_TYPE_LABELS[type]} size="sm" />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
      />
    </SettingsSection>
  );
}

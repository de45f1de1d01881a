import { SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { type ClockSource, TIMEZONE_LIST } from '@powerdeck/domain';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { settingsTexts } from '../settings-texts';
import type { SettingsForm } from './form-parts';
import { SettingsSection } from './settings-section';

const SOURCES: { value: ClockSource; label: string }[] = [
  { value: 'ntp', label: 'NTP' },
  { value: 'console', label: 'Console' },
];

const ZONES = TIMEZONE_LIST.map((zone) => ({ value: zone.offset, label: zone.label }));

/** Where the device's clock comes from, and its time zone. */
export function ClockFields({ form }: { form: SettingsForm }) {
  const source = form.watch('clockSource');
  const labelId = useId();
  return (
    <SettingsSection title={settingsTexts.clock}>
      <Controller
        control={form.control}
        name="clockSource"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500} id={labelId}>
              {settingsTexts.clockSource}
            </Text>
            <SegmentedControl
              aria-labelledby={labelId}
              data={SOURCES}
              value={field.value ?? 'ntp'}
              onChange={(value) => {
                field.onChange(value);
                // the NTP server is checked again: required for NTP only
                void form.trigger('ntpServer');
              }}
              w="fit-content"
            />
          </Stack>
        )}
      />
      {source === 'ntp' && (
        <TextInput
          label={settingsTexts.ntpServer}
          placeholder="pool.ntp.org"
          {...form.register('ntpServer')}
          error={form.formState.errors.ntpServer?.message}
        />
      )}
      <Controller
        control={form.control}
        name="timezone"
        render={({ field, fieldState }) => (
          <Select
            label={settingsTexts.timezone}
            data={ZONES}
            searchable
            value={field.value ?? null}
            onChange={(value) => field.onChange(value ?? '')}
            error={fieldState.error?.message}
            allowDeselect={false}
          />
        )}
      />
    </SettingsSection>
  );
}

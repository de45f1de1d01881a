import type { DeviceSettings } from '@powerdeck/domain';
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { NumberField } from '../../../components/number-field';
import { settingsTexts } from '../settings-texts';

/** The Settings form of one device: its class's settings, checked with the class's schema. */
export type SettingsForm = UseFormReturn<DeviceSettings, unknown, DeviceSettings>;

/** An outlet to pick in a group: its number and what it is called. */
export interface OutletChoice {
  otlt: number;
  name: string;
}

export const outletText = (outlets: readonly OutletChoice[], otlt: number) =>
  outlets.find((o) => o.otlt === otlt)?.name ?? `Outlet ${otlt}`;

/** A number of seconds; an emptied box is NaN, which the schema words as not numeric. */
export function SecondsField({
  form,
  name,
  label,
  description,
  min,
  max,
  decimals,
  width,
  hideLabel = false,
}: {
  form: SettingsForm;
  name: FieldPath<DeviceSettings>;
  label: string;
  description?: string;
  min: number;
  max: number;
  decimals: boolean;
  width?: number;
  /** Named for assistive tech only (a row of a list with its own headings). */
  hideLabel?: boolean;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberField
          {...(hideLabel ? { 'aria-label': label } : { label })}
          description={description}
          w={width}
          size="sm"
          min={min}
          max={max}
          step={decimals ? 0.5 : 1}
          allowDecimal={decimals}
          suffix={settingsTexts.seconds}
          value={typeof field.value === 'number' && !Number.isNaN(field.value) ? field.value : ''}
          onChange={(value) => field.onChange(value === '' ? Number.NaN : value)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

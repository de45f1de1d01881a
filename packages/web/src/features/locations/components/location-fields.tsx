import { Checkbox, Select, TextInput } from '@mantine/core';
import { DEFAULT_VIEWPREF } from '@powerdeck/domain';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

const VIEW_PREF_OPTIONS = [
  { value: 'outlet_controls', label: 'Outlet controls' },
  { value: 'energy_management', label: 'Energy management' },
];

/**
 * Where a form keeps the location fields whose names differ between forms; `timezone`,
 * `address`, `address2`, `city`, `region` and `country` are named alike everywhere.
 */
export interface LocationFieldNames<T extends FieldValues> {
  name: Path<T>;
  installDate: Path<T>;
  viewPref: Path<T>;
  zipCode: Path<T>;
  dst: Path<T>;
}

export interface LocationFieldsProps<T extends FieldValues, C, O> {
  form: UseFormReturn<T, C, O>;
  /** `general`: name, installation date, time zone, DST, device view; `address`: the address. */
  section: 'general' | 'address';
  names: LocationFieldNames<T>;
  /** The form's rule for when a field shows its message. */
  error: (name: Path<T>) => string | undefined;
  /** How the form stores DST: a boolean, or the API's 'yes' / 'no'. */
  dstFormat: 'boolean' | 'yes-no';
  timezones: { value: string; label: string }[];
  /** The time zone a cleared selection falls back to. */
  timezoneFallback: string;
  disabled?: boolean;
}

/** The location fields the Add a Location wizard and the general settings share (spec §2, §3). */
export function LocationFields<T extends FieldValues, C, O>(props: LocationFieldsProps<T, C, O>) {
  return props.section === 'general' ? <GeneralFields {...props} /> : <AddressFields {...props} />;
}

function GeneralFields<T extends FieldValues, C, O>({
  form,
  names,
  error,
  dstFormat,
  timezones,
  timezoneFallback,
  disabled,
}: LocationFieldsProps<T, C, O>) {
  const { register, control } = form;
  const checked = (value: unknown) => (dstFormat === 'boolean' ? value === true : value === 'yes');
  const dstValue = (on: boolean) => (dstFormat === 'boolean' ? on : on ? 'yes' : 'no');
  return (
    <>
      <TextInput
        label="Location name"
        required
        {...register(names.name)}
        error={error(names.name)}
      />
      <TextInput
        label="Installation date"
        type="date"
        {...register(names.installDate)}
        error={error(names.installDate)}
      />
      <Controller
        control={control}
        name={'timezone' as Path<T>}
        render={({ field }) => (
          <Select
            label="Time zone"
            data={timezones}
            value={field.value}
            onChange={(v) => field.onChange(v ?? timezoneFallback)}
            allowDeselect={false}
            searchable
            disabled={disabled}
          />
        )}
      />
      <Controller
        control={control}
        name={names.dst}
        render={({ field }) => (
          <Checkbox
            label="Daylight Saving Time"
            checked={checked(field.value)}
            onChange={(e) => field.onChange(dstValue(e.currentTarget.checked))}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
            mt="xs"
          />
        )}
      />
      <Controller
        control={control}
        name={names.viewPref}
        render={({ field }) => (
          <Select
            label="Device view preference"
            data={VIEW_PREF_OPTIONS}
            value={field.value}
            onChange={(v) => field.onChange(v ?? DEFAULT_VIEWPREF)}
            allowDeselect={false}
            disabled={disabled}
          />
        )}
      />
    </>
  );
}

function AddressFields<T extends FieldValues, C, O>({
  form,
  names,
  error,
}: LocationFieldsProps<T, C, O>) {
  const { register } = form;
  const path = (name: string) => name as Path<T>;
  return (
    <>
      <TextInput label="Address" {...register(path('address'))} />
      <TextInput label="Address 2" {...register(path('address2'))} />
      <TextInput label="City" {...register(path('city'))} />
      <TextInput label="Region" {...register(path('region'))} />
      <TextInput label="Country" {...register(path('country'))} />
      <TextInput label="Zip code" {...register(names.zipCode)} error={error(names.zipCode)} />
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  TextInput,
} from '@mantine/core';
import { WIZARD_STEPS } from '@powerdeck/domain';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { locationRootPath } from '../../../../lib/paths';
import { ImagePicker } from '../../../../components/image-picker';
import { useAddLocation } from '../../api/add-location';
import { useClientOptions } from '../../api/get-client-options';
import { useGroupOptions } from '../../api/get-group-options';
import { useTimezones } from '../../api/location-settings';
import { LocationFields, type LocationFieldNames } from '../location-fields';
import {
  STEP_FIELDS,
  toPayload,
  wizardDefaults,
  wizardFormSchema,
  type WizardForm,
} from './wizard-form';

const LOCATION_FIELD_NAMES: LocationFieldNames<WizardForm> = {
  name: 'name',
  installDate: 'installDate',
  viewPref: 'viewpref',
  zipCode: 'postalCode',
  dst: 'dst',
};

/** Add a New Location (spec §2): a three-step wizard — location, address, client and picture. */
export function AddLocationWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const uuid = useId();
  const navigate = useNavigate();
  const add = useAddLocation();
  const timezones = useTimezones();
  const clients = useClientOptions(opened);
  const groups = useGroupOptions(opened);
  const form = useForm<WizardForm>({
    resolver: zodResolver(wizardFormSchema),
    mode: 'all',
    defaultValues: wizardDefaults,
  });
  const { register, control, formState } = form;
  const err = (name: FieldPath<WizardForm>) =>
    formState.touchedFields[name] || formState.isSubmitted
      ? formState.errors[name]?.message
      : undefined;
  const clientMode = useWatch({ control, name: 'clientMode' });
  const locationFields = {
    form,
    names: LOCATION_FIELD_NAMES,
    error: err,
    dstFormat: 'boolean',
    timezones: (timezones.data ?? []).map((t) => ({ value: t.offset, label: t.label })),
    timezoneFallback: '',
  } as const;

  const close = () => {
    form.reset(wizardDefaults);
    setStep(0);
    onClose();
  };
  const next = async () => {
    const fields = STEP_FIELDS[step] ?? [];
    const ok = await form.trigger(fields);
    if (!ok) {
      for (const f of fields) form.setValue(f, form.getValues(f), { shouldTouch: true });
      return;
    }
    if (step < WIZARD_STEPS - 1) setStep(step + 1);
    else
      await form.handleSubmit((values) => {
        add.mutate(toPayload(values), {
          onSuccess: (result) => {
            close();
            void navigate(locationRootPath(result.siteId));
          },
        });
      })();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add a New Location"
      size="lg"
      closeOnClickOutside={false}
      centered
    >
      <Stepper active={step} size="sm" mb="md" allowNextStepsSelect={false}>
        <Stepper.Step label="Location" />
        <Stepper.Step label="Address" />
        <Stepper.Step label="Client" />
      </Stepper>
      <form onSubmit={(e) => e.preventDefault()} noValidate>
        {step === 0 && (
          <Stack>
            <LocationFields section="general" {...locationFields} />
            <Controller
              control={control}
              name="groupId"
              render={({ field }) => (
                <Select
                  label="Group"
                  description="Optional: a group you manage that the location joins"
                  placeholder={groups.data?.length === 0 ? 'You manage no group' : 'No group'}
                  data={groups.data ?? []}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  disabled={groups.data?.length === 0}
                  clearable
                  searchable
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
          </Stack>
        )}
        {step === 1 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LocationFields section="address" {...locationFields} />
          </SimpleGrid>
        )}
        {step === 2 && (
          <Stack>
            <Controller
              control={control}
              name="clientMode"
              render={({ field }) => (
                <SegmentedControl
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v);
                    void form.trigger();
                  }}
                  data={[
                    { value: 'existing', label: 'Existing client' },
                    { value: 'new', label: 'New client' },
                  ]}
                />
              )}
            />
            {clientMode === 'existing' ? (
              <Controller
                control={control}
                name="clientContact"
                render={({ field, fieldState }) => (
                  <Select
                    label="Client"
                    placeholder="Choose a client"
                    data={clients.data ?? []}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    onBlur={field.onBlur}
                    searchable
                    error={
                      fieldState.isTouched || formState.isSubmitted
                        ? fieldState.error?.message
                        : undefined
                    }
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Client name"
                  required
                  {...register('firstName')}
                  error={err('firstName')}
                />
                <TextInput label="Last name" {...register('lastName')} error={err('lastName')} />
                <TextInput label="Company" {...register('company')} error={err('company')} />
                <TextInput
                  label="Email"
                  type="email"
                  required
                  {...register('email')}
                  error={err('email')}
                />
                <TextInput
                  label="Contact number"
                  required
                  inputMode="numeric"
                  {...register('phone')}
                  error={err('phone')}
                />
                <TextInput
                  label="Second contact number"
                  inputMode="numeric"
                  {...register('phone2')}
                  error={err('phone2')}
                />
                <TextInput
                  label="Client address"
                  {...register('clientAddress')}
                  error={err('clientAddress')}
                />
                <TextInput
                  label="Client address 2"
                  {...register('clientAddress2')}
                  error={err('clientAddress2')}
                />
                <TextInput
                  label="Client city"
                  {...register('clientCity')}
                  error={err('clientCity')}
                />
                <TextInput
                  label="Client region"
                  {...register('clientRegion')}
                  error={err('clientRegion')}
                />
                <TextInput
                  label="Client country"
                  {...register('clientCountry')}
                  error={err('clientCountry')}
                />
                <TextInput
                  label="Client zip code"
                  {...register('clientPostalCode')}
                  error={err('clientPostalCode')}
                />
                <Controller
                  control={control}
                  name="imageFileRef"
                  render={({ field }) => (
                    <ImagePicker value={field.value} onChange={field.onChange} uuid={uuid} />
                  )}
                />
              </SimpleGrid>
            )}
          </Stack>
        )}
        <Group justify="space-between" mt="xl">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Group gap="xs">
            {step > 0 && (
              <Button variant="default" onClick={() => setStep(step - 1)}>
                Back
              </Button>
            )}
            <Button onClick={() => void next()} loading={add.isPending}>
              {step === WIZARD_STEPS - 1 ? 'Finish' : 'Next'}
            </Button>
          </Group>
        </Group>
      </form>
    </Modal>
  );
}

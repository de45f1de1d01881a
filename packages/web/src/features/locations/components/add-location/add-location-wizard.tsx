import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
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
import { locationRootPath } from '../../../../app/paths';
import { ImagePicker } from '../../../../components/image-picker';
import { useAddLocation } from '../../api/add-location';
import { useClientOptions } from '../../api/get-client-options';
import { useTimezones } from '../../api/location-settings';
import {
  STEP_FIELDS,
  toPayload,
  wizardDefaults,
  wizardFormSchema,
  type WizardForm,
} from './wizard-form';

const VIEW_PREF_OPTIONS = [
  { value: 'outlet_controls', label: 'Outlet controls' },
  { value: 'energy_management', label: 'Energy management' },
];

/** Add a New Location (spec §2): a three-step wizard — location, address, client and picture. */
export function AddLocationWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const uuid = useId();
  const navigate = useNavigate();
  const add = useAddLocation();
  const timezones = useTimezones();
  const clients = useClientOptions(opened);
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
            <TextInput label="Location name" required {...register('name')} error={err('name')} />
            <TextInput
              label="Installation date"
              type="date"
              {...register('installDate')}
              error={err('installDate')}
            />
            <Controller
              control={control}
              name="timezone"
              render={({ field }) => (
                <Select
                  label="Time zone"
                  data={(timezones.data ?? []).map((t) => ({ value: t.offset, label: t.label }))}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? '')}
                  allowDeselect={false}
                  searchable
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <Checkbox label="Daylight Saving Time" {...register('dst')} />
            <Controller
              control={control}
              name="viewpref"
              render={({ field }) => (
                <Select
                  label="Device view preference"
                  data={VIEW_PREF_OPTIONS}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? 'outlet_controls')}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
          </Stack>
        )}
        {step === 1 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Address" {...register('address')} />
            <TextInput label="Address 2" {...register('address2')} />
            <TextInput label="City" {...register('city')} />
            <TextInput label="Region" {...register('region')} />
            <TextInput label="Country" {...register('country')} />
            <TextInput label="Zip code" {...register('postalCode')} error={err('postalCode')} />
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
                <TextInput label="Company" {...register('company')} />
                <TextInput
                  label="Contact number"
                  required
                  {...register('phone')}
                  error={err('phone')}
                />
                <TextInput
                  label="Email"
                  type="email"
                  required
                  {...register('email')}
                  error={err('email')}
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

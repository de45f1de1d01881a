import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { createClientSchema, type CreateClient } from '@powerdeck/domain';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ImagePicker } from '../../../components/image-picker';
import { useCreateClient } from '../api/clients';

const EMPTY: CreateClient = {
  clientName: '',
  clientEmail: '',
  clientPhone: '',
  clientAddress1: '',
  clientAddress2: '',
  clientCity: '',
  clientRegion: '',
  clientCountry: '',
  clientPostalCode: '',
};

/** The create-client form (spec §3, §5): name, e-mail and contact number required; picture. */
export function CreateClientForm({ onDone }: { onDone: () => void }) {
  const create = useCreateClient();
  const uuid = useId();
  const [picture, setPicture] = useState('');
  const form = useForm<CreateClient>({
    resolver: zodResolver(createClientSchema),
    mode: 'all',
    defaultValues: EMPTY,
  });
  const { register, formState } = form;
  const err = (name: keyof CreateClient) =>
    formState.touchedFields[name] || formState.isSubmitted
      ? formState.errors[name]?.message
      : undefined;
  const handleSubmit = form.handleSubmit((values) =>
    create.mutate({ ...values, imageFileRef: picture }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Client name"
            required
            {...register('clientName')}
            error={err('clientName')}
          />
          <TextInput
            label="Client email"
            type="email"
            required
            {...register('clientEmail')}
            error={err('clientEmail')}
          />
          <TextInput
            label="Contact number"
            required
            {...register('clientPhone')}
            error={err('clientPhone')}
          />
          <TextInput label="Address 1" {...register('clientAddress1')} />
          <TextInput label="Address 2" {...register('clientAddress2')} />
          <TextInput label="City" {...register('clientCity')} />
          <TextInput label="Region" {...register('clientRegion')} />
          <TextInput label="Country" {...register('clientCountry')} />
          <TextInput label="Postal code" {...register('clientPostalCode')} />
        </SimpleGrid>
        <ImagePicker value={picture} onChange={setPicture} uuid={uuid} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CreateClientModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Create Client"
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {opened && <CreateClientForm onDone={onClose} />}
    </Modal>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHALLENGE_KEY_PARTS,
  MAC_PARTS,
  MAC_PREFIX,
  challengeKeyPartsSchema,
  macPartsSchema,
  messages,
  validationMessages,
} from '@powerdeck/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApiRequestError } from '../../../lib/api-client';
import { useAddNewDevice } from '../api/add-new-device';
import { SegmentedCodeInput } from './segmented-code-input';

const ethernetSchema = z.object({ mac: macPartsSchema, ckey: challengeKeyPartsSchema });
type EthernetInput = z.input<typeof ethernetSchema>;
type EthernetOutput = z.output<typeof ethernetSchema>;

export const emptyEthernetForm = (): EthernetInput => ({
  mac: [...MAC_PREFIX, ...Array<string>(MAC_PARTS - MAC_PREFIX.length).fill('')],
  ckey: Array<string>(CHALLENGE_KEY_PARTS).fill(''),
});

/** The two codes of the tab, each in its boxes (spec §5). */
const CODE_FIELDS = [
  {
    field: 'mac',
    label: 'MAC ID',
    size: 2,
    allowed: /[0-9A-Fa-f]/,
    separator: ':',
    message: validationMessages.macId,
  },
  {
    field: 'ckey',
    label: 'Challenge key',
    size: 4,
    allowed: /[0-9A-Za-z]/,
    separator: '-',
    message: validationMessages.challengeKey,
  },
] as const;

/** Register request states of spec §4 (idle, loading, success, failure). */
export type RegisterState = 'idle' | 'loading' | 'success' | 'failure';
const registerStates: Record<'idle' | 'pending' | 'success' | 'error', RegisterState> = {
  idle: 'idle',
  pending: 'loading',
  success: 'success',
  error: 'failure',
};

/** The spec's message, or the server's own for a limit (429) or a refusal (403). */
function failureMessage(error: unknown): string {
  return isApiRequestError(error, 429) || isApiRequestError(error, 403)
    ? error.message
    : messages.deviceAddFailed;
}

/**
 * The Add Ethernet Device tab (spec §2, §5): MAC in six 2-character boxes (10-65-A3 filled in),
 * challenge key in three 4-character boxes, Register enabled once both are complete.
 */
export function EthernetTab({ siteId, onAdded }: { siteId: string; onAdded: () => void }) {
  const form = useForm<EthernetInput, unknown, EthernetOutput>({
    resolver: zodResolver(ethernetSchema),
    mode: 'onChange',
    defaultValues: emptyEthernetForm(),
  });
  const values = {
    mac: useWatch({ control: form.control, name: 'mac' }),
    ckey: useWatch({ control: form.control, name: 'ckey' }),
  };
  const { errors, isValid } = form.formState;
  const register = useAddNewDevice(siteId);
  const state: RegisterState = registerStates[register.status];

  const setPart = (field: 'mac' | 'ckey', index: number, value: string) =>
    form.setValue(`${field}.${index}`, value, {
      shouldValidate: true,
      shouldDirty: true,
    });
  const [touched, setTouched] = useState({ mac: false, ckey: false });
  const touch = (field: 'mac' | 'ckey') => () => setTouched((t) => ({ ...t, [field]: true }));
  const shown = (field: 'mac' | 'ckey') =>
    (touched[field] || form.formState.isSubmitted) && errors[field] !== undefined;

  const submit = form.handleSubmit((values) => {
    register.mutate(
      { devId: values.mac, claimKey: values.ckey },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: messages.deviceAdded });
          form.reset(emptyEthernetForm());
          setTouched({ mac: false, ckey: false });
          register.reset();
          onAdded();
        },
        onError: (error) => {
          notifications.show({ color: 'red', message: failureMessage(error) });
          form.reset(emptyEthernetForm());
          setTouched({ mac: false, ckey: false });
        },
      },
    );
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label="Add Ethernet Device"
      data-register-state={state}
      noValidate
    >
      <Stack gap="md">
        {CODE_FIELDS.map(({ field, message, ...code }) => (
          <SegmentedCodeInput
            key={field}
            {...code}
            values={values[field]}
            error={shown(field) ? message : undefined}
            onChange={(i, v) => setPart(field, i, v)}
            onBlur={touch(field)}
          />
        ))}
        {state === 'failure' && (
          <Text size="sm" c="red">
            {failureMessage(register.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!isValid} loading={state === 'loading'}>
            Register
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

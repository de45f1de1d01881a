import { NativeSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ALERT_EMAIL_CHOICES,
  type AlertEmail,
  alertEmailChoice,
  alertEmailMessages,
  alertEmailSchema,
} from '@powerdeck/domain';
import { useMutation } from '@tanstack/react-query';
import { setAlertEmail } from '../api/alerts-api';

export interface AlertEmailSelectProps {
  /** The subscription: the alerts of one type of one device. */
  subscription: { type: number; devClass: string; devId: string };
  email: { emailMode: AlertEmail['emailMode']; digestMinutes: number };
  /** The select's accessible name (and visible label unless `hideLabel`). */
  label: string;
  hideLabel?: boolean;
  /** After the choice is saved (refetch what shows it). */
  onSaved: () => Promise<unknown> | void;
}

/**
 * Whether a subscription's alerts also come by e-mail: no e-mail, at once, or a digest every
 * 15, 60 or 240 minutes (issue 19). Saved as soon as it is chosen, checked with the shared schema.
 */
export function AlertEmailSelect({
  subscription,
  email,
  label,
  hideLabel = false,
  onSaved,
}: AlertEmailSelectProps) {
  const save = useMutation({
    mutationFn: (choice: AlertEmail) => setAlertEmail(subscription, choice),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: alertEmailMessages.saved });
      await onSaved();
    },
    onError: () => notifications.show({ color: 'red', message: alertEmailMessages.saveFailed }),
  });
  const current = alertEmailChoice(email);
  return (
    <NativeSelect
      size="xs"
      miw={200}
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      value={save.isPending ? alertEmailChoice(save.variables) : current}
      disabled={save.isPending}
      data={ALERT_EMAIL_CHOICES.map(({ value, label: text }) => ({ value, label: text }))}
      onChange={(event) => {
        const choice = ALERT_EMAIL_CHOICES.find((c) => c.value === event.currentTarget.value);
        const parsed = alertEmailSchema.safeParse(choice?.email);
        if (parsed.success) save.mutate(parsed.data);
      }}
    />
  );
}

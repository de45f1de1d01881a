import { z } from 'zod';

/**
 * Alert e-mails (issue 19): per alert subscription (the alerts of one device), whether an alert
 * also comes by e-mail — not at all, at once, or in a digest every few minutes.
 */
export const ALERT_EMAIL_MODES = ['off', 'immediate', 'digest'] as const;
export type AlertEmailMode = (typeof ALERT_EMAIL_MODES)[number];

/** The digest windows offered, in minutes. */
export const ALERT_DIGEST_MINUTES = [15, 60, 240] as const;
export type AlertDigestMinutes = (typeof ALERT_DIGEST_MINUTES)[number];
export const DEFAULT_DIGEST_MINUTES: AlertDigestMinutes = 60;

/**
 * Immediate mode's window: at most one mail per device per alert kind in each window of this
 * length (a flapping device does not flood); the bell still lists every alert.
 */
export const IMMEDIATE_MAIL_WINDOW_MINUTES = 15;

export const alertEmailMessages = {
  mode: 'emailMode must be off, immediate or digest',
  minutes: `digestMinutes must be one of ${ALERT_DIGEST_MINUTES.join(', ')}`,
  saved: 'E-mail choice saved.',
  saveFailed: 'The e-mail choice could not be saved. Please try again.',
  badUnsubscribeLink: 'This unsubscribe link is not valid or has expired.',
  unsubscribed: 'Unsubscribed: these alerts no longer come by e-mail.',
} as const;

const isDigestMinutes = (n: number): n is AlertDigestMinutes =>
  (ALERT_DIGEST_MINUTES as readonly number[]).includes(n);

/**
 * The e-mail choice of one subscription (form and server share it; numbers arrive as text).
 * `digestMinutes` is read for the digest mode only and kept otherwise.
 */
export const alertEmailSchema = z.object({
  emailMode: z.enum(ALERT_EMAIL_MODES, { message: alertEmailMessages.mode }),
  digestMinutes: z.coerce
    .number({ message: alertEmailMessages.minutes })
    .refine(isDigestMinutes, alertEmailMessages.minutes)
    .default(DEFAULT_DIGEST_MINUTES),
});
export type AlertEmail = z.infer<typeof alertEmailSchema>;

/** The e-mail choice as answers carry it. */
export const alertEmailAnswerSchema = z.object({
  emailMode: z.enum(ALERT_EMAIL_MODES),
  digestMinutes: z.number().int(),
});

/** One choice of the console's e-mail select: 'off', 'immediate' or 'digest:60'. */
export function alertEmailChoice(email: {
  emailMode: AlertEmailMode;
  digestMinutes: number;
}): string {
  return email.emailMode === 'digest' ? `digest:${String(email.digestMinutes)}` : email.emailMode;
}

/** The choices of the console's e-mail select, in order, with their labels. */
export const ALERT_EMAIL_CHOICES: readonly { value: string; label: string; email: AlertEmail }[] = [
  {
    value: 'off',
    label: 'No e-mail',
    email: { emailMode: 'off', digestMinutes: DEFAULT_DIGEST_MINUTES },
  },
  {
    value: 'immediate',
    label: 'E-mail immediately',
    email: { emailMode: 'immediate', digestMinutes: DEFAULT_DIGEST_MINUTES },
  },
  ...ALERT_DIGEST_MINUTES.map((minutes) => ({
    value: `digest:${String(minutes)}`,
    label: `E-mail digest every ${minutes < 60 ? `${String(minutes)} minutes` : minutes === 60 ? 'hour' : `${String(minutes / 60)} hours`}`,
    email: { emailMode: 'digest' as const, digestMinutes: minutes },
  })),
];

/** `alertsManagement svc=unsubscribeByMail`: the signed token of an alert e-mail's link. */
export const alertMailUnsubscribeSchema = z.object({
  token: z
    .string({ message: alertEmailMessages.badUnsubscribeLink })
    .trim()
    .min(1, alertEmailMessages.badUnsubscribeLink)
    .max(8_000, alertEmailMessages.badUnsubscribeLink),
  /** RFC 8058: a mail client's one-click POST sends `List-Unsubscribe=One-Click`. */
  'List-Unsubscribe': z.string().max(40).optional(),
});

import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants';
import { validationMessages } from './validation-messages';

/** The required message for a field left out (later checks keep their own messages). */
const missing = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? message : undefined;

/** Required text: non-blank after trim (spec §5). The parsed value is trimmed. */
export function requiredTextSchema(message: string = validationMessages.required) {
  // abort: a blank value shows only the required message, not the pattern checks after it;
  // a missing value (a request without the field) gets the same message.
  return z
    .string({ error: missing(message) })
    .trim()
    .min(1, { message, abort: true });
}

/** Digits only; the empty string is allowed (spec §5). */
export const numericOnlySchema = z.string().trim().regex(/^\d*$/, validationMessages.numeric);

/** A name or label of at most 40 characters (spec §5, §9); may be empty. */
export const nameMaxSchema = z.string().trim().max(NAME_MAX_LENGTH, validationMessages.maxLength);

/** An e-mail address matching the standard pattern; required unless wrapped in `optional`. */
export function emailAddressSchema(
  requiredMessage: string = validationMessages.required,
  invalidMessage: string = validationMessages.email,
) {
  return z
    .string({ error: missing(requiredMessage) })
    .trim()
    .min(1, { message: requiredMessage, abort: true })
    .regex(z.regexes.email, invalidMessage);
}

/** Optional text field of a form: absent, or any string (trimmed). */
export const optionalTextSchema = z.string().trim().max(200).optional();

/** Spec §5: value and confirmation must be equal; both pass when either is empty. */
export function confirmationMatches(value: string | undefined, confirmation: string | undefined) {
  if (!value || !confirmation) return true;
  return value === confirmation;
}

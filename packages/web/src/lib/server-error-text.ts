import { isApiRequestError } from './api-client';

const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';
const UNREACHABLE = 'The server could not be reached. Please try again.';

/**
 * The text to show for a failed account call: the server's own words when it sent some. Apart from
 * components/server-error.tsx so the sign-in screen shows the same words without Mantine.
 */
export function serverErrorText(error: unknown): string {
  if (isApiRequestError(error)) {
    const body = error.body as { error?: unknown } | null;
    if (typeof body?.error === 'string' && body.error !== '') return body.error;
    if (error.status === 429) return RATE_LIMITED;
    return error.message;
  }
  return UNREACHABLE;
}

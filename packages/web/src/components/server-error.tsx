import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isApiRequestError } from '../lib/api-client';

const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';
const UNREACHABLE = 'The server could not be reached. Please try again.';

/** The text to show for a failed account call: the server's own words when it sent some. */
export function serverErrorText(error: unknown): string {
  if (isApiRequestError(error)) {
    const body = error.body as { error?: unknown } | null;
    if (typeof body?.error === 'string' && body.error !== '') return body.error;
    if (error.status === 429) return RATE_LIMITED;
    return error.message;
  }
  return UNREACHABLE;
}

export function ServerError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {serverErrorText(error)}
    </Alert>
  );
}

import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { serverErrorText } from '../lib/server-error-text';

export { serverErrorText };

export function ServerError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {serverErrorText(error)}
    </Alert>
  );
}

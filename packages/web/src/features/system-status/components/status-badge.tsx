import { Badge } from '@mantine/core';

/** Up (green) or down (red), in words as well as colour. */
export function StatusBadge({
  ok,
  okLabel = 'Up',
  badLabel = 'Down',
}: {
  ok: boolean;
  okLabel?: string;
  badLabel?: string;
}) {
  return (
    <Badge color={ok ? 'green' : 'red'} variant="light" size="sm" radius="sm">
      {ok ? okLabel : badLabel}
    </Badge>
  );
}

import { ActionIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@powerdeck/domain';
import type { ReactNode } from 'react';
import { LazyTooltip } from '../../../components/lazy-tooltip';

/**
 * An icon toggle of a location or device (watch, mute). While its request runs the control is
 * disabled and a click only says 'Please try after few seconds.'; `allowed` false ignores clicks
 * (CLIENT and INSTALLER cannot mute, spec §6).
 */
export function ToggleAction({
  label,
  active,
  busy,
  allowed = true,
  onToggle,
  children,
}: {
  label: string;
  active: boolean;
  busy: boolean;
  allowed?: boolean;
  onToggle: (next: boolean) => void;
  children: ReactNode;
}) {
  const handleClick = (event: React.MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!allowed) return;
    if (busy) {
      notifications.show({ color: 'yellow', message: messages.pleaseTryAfterFewSeconds });
      return;
    }
    onToggle(!active);
  };
  return (
    <LazyTooltip label={label}>
      <ActionIcon
        variant={active ? 'light' : 'subtle'}
        color={active ? 'blue' : 'gray'}
        aria-label={label}
        aria-pressed={active}
        aria-disabled={busy || !allowed}
        data-busy={busy || undefined}
        style={busy || !allowed ? { opacity: 0.5, cursor: 'not-allowed' } : undefined}
        onClick={handleClick}
      >
        {children}
      </ActionIcon>
    </LazyTooltip>
  );
}

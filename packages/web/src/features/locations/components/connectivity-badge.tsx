import { Badge } from '@mantine/core';
import { messages, type DeviceCount } from '@powerdeck/domain';

export type Connectivity = 'checking' | 'unknown' | 'connected' | 'disconnected';

/** Spec §2: green with at least one active device, red with none, grey while counts are unknown. */
export function connectivityOf(count: DeviceCount | undefined, failed: boolean): Connectivity {
  if (count) return count.active > 0 ? 'connected' : 'disconnected';
  return failed ? 'unknown' : 'checking';
}

const LOOK: Record<Connectivity, { color: string; label: string }> = {
  checking: { color: 'gray', label: messages.checkingNetwork },
  unknown: { color: 'gray', label: 'Network Unknown' },
  connected: { color: 'green', label: 'Connected' },
  disconnected: { color: 'red', label: 'Disconnected' },
};

export function ConnectivityBadge({ state }: { state: Connectivity }) {
  const { color, label } = LOOK[state];
  return (
    <Badge color={color} variant="light" size="sm" radius="sm" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}

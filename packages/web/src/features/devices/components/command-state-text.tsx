import { Text } from '@mantine/core';
import type { OutletCommand } from '../state/device-panel-reducer';

const STATE_WORDS: Record<OutletCommand['state'], string> = {
  sending: 'sending…',
  sent: 'sent',
  acknowledged: 'acknowledged',
  done: 'done',
  failed: 'failed',
  expired: 'expired',
};

const COLOURS: Record<OutletCommand['state'], string> = {
  sending: 'dimmed',
  sent: 'blue',
  acknowledged: 'blue',
  done: 'teal',
  failed: 'red',
  expired: 'orange',
};

/** The state of an outlet's last command, e.g. "Switch: failed — This outlet is locked." */
export function commandStateText(command: OutletCommand): string {
  const kind = command.kind === 'set' ? 'Switch' : 'Cycle';
  const reason = command.state === 'failed' && command.error ? ` (${command.error})` : '';
  return `${kind}: ${STATE_WORDS[command.state]}${reason}`;
}

export function CommandStateText({ command }: { command: OutletCommand | null }) {
  if (!command) return null;
  return (
    <Text size="xs" c={COLOURS[command.state]} role="status" aria-live="polite">
      {commandStateText(command)}
    </Text>
  );
}

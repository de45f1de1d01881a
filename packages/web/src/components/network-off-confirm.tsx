import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { networkMessages } from '@powerdeck/domain';
import { isApiRequestError } from '../lib/api-client';

/**
 * The guard against cutting a location off (issue 15): the server refuses with 409 to switch off
 * an outlet that feeds the location's network (from the panel, All Outlets or a schedule) until
 * the user confirms it.
 */
export function needsNetworkConfirmation(error: unknown): boolean {
  return isApiRequestError(error, 409) && error.message === networkMessages.needsConfirmation;
}

export interface NetworkOffChoices {
  /** What is switched off, e.g. "Modem (outlet 1) of Rack M4315". */
  subject?: string;
  /** Switch it off all the same (sent again, confirmed). */
  onConfirm: () => void;
  /** Cycle the outlet instead; offered where there is one outlet to cycle. */
  onCycle?: () => void;
  /** Cancel, close or Escape: nothing is sent. */
  onCancel?: () => void;
}

/**
 * Asks before switching off an outlet that feeds the network, naming the consequence; the
 * choices are Switch off, Cycle instead (when given) and Cancel. Exactly one of them runs.
 */
export function confirmNetworkOff(choices: NetworkOffChoices): void {
  let settled = false;
  let id = '';
  const settle = (choice: (() => void) | undefined) => {
    if (settled) return;
    settled = true;
    modals.close(id);
    choice?.();
  };
  id = modals.open({
    title: networkMessages.confirmTitle,
    centered: true,
    onClose: () => settle(choices.onCancel),
    children: (
      <Stack gap="md">
        {choices.subject && (
          <Text size="sm" fw={500}>
            {choices.subject}
          </Text>
        )}
        <Text size="sm">{networkMessages.cutOff}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => settle(choices.onCancel)}>
            Cancel
          </Button>
          {choices.onCycle && (
            <Button variant="light" onClick={() => settle(choices.onCycle)}>
              {networkMessages.cycleInstead}
            </Button>
          )}
          <Button color="red" onClick={() => settle(choices.onConfirm)}>
            {networkMessages.confirmOff}
          </Button>
        </Group>
      </Stack>
    ),
  });
}

import { Button, Group } from '@mantine/core';
import { getDeviceSpec } from '@powerdeck/domain';
import { IconPlayerPlay, IconPlayerStop, IconRotateClockwise } from '@tabler/icons-react';
import { panelOf } from '../state/device-panel-reducer';
import type { PanelDevice } from '../hooks/use-device-data';
import { useDevicePanelContext } from './device-panel-context';

/**
 * Sequence On and Sequence Off. Plain (default) buttons: a tinted one read as already pressed or
 * disabled while it could be clicked (issue 18); only `disabled` greys them out.
 */
function SequenceButtons({
  connected,
  running,
  op,
  onRun,
}: {
  connected: boolean;
  /** A sequence is in progress: both wait; the one running shows its loader. */
  running: boolean;
  op: 'on' | 'off' | 'idle';
  onRun: (op: 'on' | 'off') => void;
}) {
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={
          <IconPlayerPlay size={14} aria-hidden color="var(--mantine-color-teal-filled)" />
        }
        disabled={!connected || running}
        loading={running && op === 'on'}
        onClick={() => onRun('on')}
      >
        Sequence On
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPlayerStop size={14} aria-hidden />}
        disabled={!connected || running}
        loading={running && op === 'off'}
        onClick={() => onRun('off')}
      >
        Sequence Off
      </Button>
    </>
  );
}

/**
 * The kids whose sequence their parent runs (the catalog's sequencers without a sequence group
 * of their own: a bb232's CN units, spec §7 sequenceonoff).
 */
function relayedSequencers(devices: readonly PanelDevice[]): PanelDevice[] {
  return devices.filter((d) => {
    const spec = getDeviceSpec(d.devClass);
    return d.isKid && spec.takesSequence && spec.sequence === null;
  });
}

/**
 * Sequence on/off where the catalog gives the class a sequence, or where the device runs its
 * sequencers' sequence (bb232); Cycle Group when one is set.
 */
export function SequenceControls() {
  const { meta, panel, data, state, actions } = useDevicePanelContext();
  const connected = data.connected[meta.devId] ?? false;
  const sequence = getDeviceSpec(meta.devClass).sequence;
  const relayed = sequence ? [] : relayedSequencers(data.devices);
  const relayRunning = relayed
    .map((unit) => panelOf(state, unit.devId).setSequence)
    .find((s) => s.state === 'in-progress');
  return (
    <Group gap="xs" wrap="wrap">
      {sequence && (
        <SequenceButtons
          connected={connected}
          running={panel.setSequence.state === 'in-progress'}
          op={panel.setSequence.op}
          onRun={actions.sequence}
        />
      )}
      {relayed.length > 0 && (
        <SequenceButtons
          connected={connected}
          running={relayRunning !== undefined}
          op={relayRunning?.op ?? 'idle'}
          onRun={(op) => actions.relaySequence(op, relayed)}
        />
      )}
      {meta.cycGrp.length > 0 && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRotateClockwise size={14} aria-hidden />}
          disabled={!connected}
          loading={panel.cycleGroup.inProgress}
          onClick={actions.cycleGroup}
        >
          Cycle Group
        </Button>
      )}
    </Group>
  );
}

import { Button, Group } from '@mantine/core';
import { getDeviceSpec } from '@powerdeck/domain';
import { IconPlayerPlay, IconPlayerStop, IconRotateClockwise } from '@tabler/icons-react';
import { useDevicePanelContext } from './device-panel-context';

/** Sequence on/off where the catalog gives the class a sequence; Cycle Group when one is set. */
export function SequenceControls() {
  const { meta, panel, data, actions } = useDevicePanelContext();
  const connected = data.connected[meta.devId] ?? false;
  const sequence = getDeviceSpec(meta.devClass).sequence;
  const running = panel.setSequence.state === 'in-progress';
  return (
    <Group gap="xs" wrap="wrap">
      {sequence && (
        <>
          <Button
            size="xs"
            variant="light"
            color="teal"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            disabled={!connected || running}
            loading={running && panel.setSequence.op === 'on'}
            onClick={() => actions.sequence('on')}
          >
            Sequence On
          </Button>
          <Button
            size="xs"
            variant="light"
            color="gray"
            leftSection={<IconPlayerStop size={14} aria-hidden />}
            disabled={!connected || running}
            loading={running && panel.setSequence.op === 'off'}
            onClick={() => actions.sequence('off')}
          >
            Sequence Off
          </Button>
        </>
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

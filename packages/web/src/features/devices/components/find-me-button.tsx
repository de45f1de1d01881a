import { Button } from '@mantine/core';
import { findMeTexts } from '@powerdeck/domain';
import type { PanelDevice } from '../hooks/use-device-data';
import { panelOf } from '../state/device-panel-reducer';
import { useDevicePanelContext } from './device-panel-context';

/** 'Find Me' → 'Sending...' → 'Done' or 'Find Me-Failed', back to 'Find Me' after 3 s. */
export function FindMeButton({ device }: { device: PanelDevice }) {
  const { state, data, actions } = useDevicePanelContext();
  const phase = panelOf(state, device.devId).findMe;
  return (
    <Button
      size="xs"
      variant="light"
      color={phase === 'failed' ? 'red' : phase === 'done' ? 'teal' : undefined}
      disabled={!data.connected[device.devId]}
      onClick={() => actions.findMe(device)}
    >
      {findMeTexts[phase]}
    </Button>
  );
}

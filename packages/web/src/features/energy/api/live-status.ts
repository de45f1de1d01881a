import { callTable, type DeviceStatusView } from '@powerdeck/domain';
import { useEffect, useRef, useState } from 'react';
import { openEventStream } from '../../../lib/event-stream';

/**
 * The status reports of one device while the Energy Usage tab shows Live, over the device's push
 * stream (`eventPuller/eventPullerPusher.php`, the console's one live-stream client). No polling
 * fallback of its own: while the stream is down the tab reads the last hour again more often.
 * Returns whether the stream is open.
 */
export function useLiveStatus(options: {
  devClass: string;
  devId: string;
  enabled: boolean;
  onStatus: (status: DeviceStatusView) => void;
}): boolean {
  const { devClass, devId, enabled } = options;
  const [open, setOpen] = useState(false);
  const onStatus = useRef(options.onStatus);
  useEffect(() => {
    onStatus.current = options.onStatus;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const close = openEventStream(
      callTable.deviceStreams.eventPullerPusher,
      { devClass, devId, batch: 'yes' },
      {
        onEvent: ({ event }) => {
          // the device's own reports; its kids' come on the same stream
          if (event.type === 'status' && event.devId === devId && event.kidId === undefined) {
            onStatus.current(event.status);
          }
        },
        onStreamChange: setOpen,
      },
    );
    return () => {
      close();
      setOpen(false);
    };
  }, [devClass, devId, enabled]);

  return enabled && open;
}

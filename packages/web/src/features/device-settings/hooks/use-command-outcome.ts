import { type CommandResult, FINAL_COMMAND_STATES, callTable } from '@powerdeck/domain';
import { useEffect, useRef } from 'react';
import { openEventStream } from '../../../lib/event-stream';
import { commandState, type SettingsTarget } from '../api/device-settings-api';

/** How often a command's state is asked for while the live stream is down. */
const COMMAND_POLL_MS = 1000;

const isFinal = (result: CommandResult) => FINAL_COMMAND_STATES.includes(result.state);

/**
 * Follows a command until it is done, failed or expired: its events on the device's live stream
 * (a kid's ride on its parent's), and `deviceView svc=command` when the stream opens (the answer
 * may have come first) and while it is down. Calls `onFinal` once.
 */
export function useCommandOutcome(
  target: SettingsTarget,
  pending: CommandResult | null,
  onFinal: (result: CommandResult) => void,
): void {
  const onFinalRef = useRef(onFinal);
  useEffect(() => {
    onFinalRef.current = onFinal;
  });
  const { siteId, devClass, devId } = target;
  const cmdId = pending && !isFinal(pending) ? pending.cmdId : null;

  useEffect(() => {
    if (cmdId === null) return undefined;
    let done = false;
    const finish = (result: CommandResult) => {
      if (done || !isFinal(result)) return;
      done = true;
      close();
      onFinalRef.current(result);
    };
    const check = () =>
      commandState({ siteId, devClass, devId }, cmdId)
        .then(finish)
        .catch(() => undefined);
    const close = openEventStream(
      callTable.deviceStreams.eventPullerPusher,
      { devClass, devId, batch: 'yes' },
      {
        onEvent: ({ event }) => {
          if (event.type !== 'command' || event.cmdId !== cmdId) return;
          finish({
            cmdId,
            state: event.state,
            ...(event.error === undefined ? {} : { error: event.error }),
          });
        },
        onOpen: () => void check(),
        poll: {
          everyMs: COMMAND_POLL_MS,
          events: async () => {
            await check();
            return [];
          },
        },
      },
    );
    return () => {
      done = true;
      close();
    };
  }, [siteId, devClass, devId, cmdId]);
}

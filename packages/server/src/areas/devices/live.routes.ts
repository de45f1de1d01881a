import { type LiveEventEnvelope, type SessionUser, callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { DeviceAccess } from './device-access';
import type { LiveEvents } from './live-events';

export interface LiveRoutesDeps {
  access: DeviceAccess;
  events: LiveEvents;
  /** Keeps this server subscribed to a device while a stream watches it (several servers). */
  watch?: (devId: string) => () => void;
  heartbeatMs?: number;
}

/**
 * A device's live events (`eventPuller/eventPullerPusher.php`, server-sent events) and their
 * polling fallback (`eventPuller/getEvents.php`), for one device and its kids or for one kid
 * (docs/api/devices.md). Framing, heartbeat, resume header, cap and shutdown: http/event-stream.ts.
 * A stream of a device deleted from its location sends the `removed` event and ends.
 */
export function registerLiveRoutes(calls: CallRegistry, deps: LiveRoutesDeps): void {
  const { access, events } = deps;

  /** The device's root (events are kept per root) and which of its events the caller follows. */
  const follow = async (user: SessionUser, input: { devId: string; devClass?: string }) => {
    const target = await access.resolve(user, {
      devId: input.devId,
      ...(input.devClass ? { devClass: input.devClass } : {}),
    });
    const kidId = target.address.kidId;
    const wanted = (e: LiveEventEnvelope) =>
      kidId === undefined ||
      e.event.type === 'resync' ||
      ('kidId' in e.event && e.event.kidId === kidId);
    /** The device followed was deleted: the root, or the kid followed (device-removals.ts). */
    const gone = (e: LiveEventEnvelope) =>
      e.event.type === 'device' &&
      e.event.change === 'removed' &&
      (e.event.kidId === undefined || e.event.kidId === kidId);
    return { root: target.address.devId, wanted, gone };
  };

  calls.implement(
    callTable.deviceStreams,
    {
      eventPullerPusher: async ({ auth, input }) => {
        const { root, wanted, gone } = await follow(auth.user, input);
        return (stream) => {
          const send = (e: LiveEventEnvelope) => {
            if (gone(e)) {
              // its last event: the console shows the device is gone; the stream ends cleanly
              stream.send({ id: e.seq, data: e });
              stream.close();
            } else if (wanted(e)) stream.send({ id: e.seq, data: e });
          };
          if (input.lastEventId !== undefined) events.since(root, input.lastEventId).forEach(send);
          const unsubscribe = events.subscribe(root, send);
          const unwatch = deps.watch?.(root);
          return () => {
            unsubscribe();
            unwatch?.();
          };
        };
      },
      getEvents: async ({ auth, input }) => {
        const { root, wanted } = await follow(auth.user, input);
        return {
          timestamp: Date.now(),
          events: events.sinceTime(root, input.clientId).filter(wanted),
        };
      },
    },
    deps.heartbeatMs === undefined ? {} : { eventPullerPusher: { heartbeatMs: deps.heartbeatMs } },
  );
}

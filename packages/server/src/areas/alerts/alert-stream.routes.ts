import { callPath, callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { AlertFanout } from './alert-fanout';
import type { AlertsRepository } from './alerts.repository';

export const ALERT_STREAM_PATH = callPath(callTable.alertStream.alertsPusher);

export interface AlertStreamDeps {
  repo: Pick<AlertsRepository, 'latestId' | 'newerThan' | 'unread'>;
  fanout: Pick<AlertFanout, 'subscribe'>;
  heartbeatMs?: number;
}

/**
 * The signed-in user's alert stream (server-sent events, docs/api/notes-groups-account-alerts.md):
 * every new alert raised for them, on whichever server raised it. It resumes after Last-Event-ID
 * (header, or `lastEventId` in the query); without one it starts with the next new alert. The
 * session is checked again before every push and at every heartbeat: once it is revoked
 * (logout, a password change) the stream ends. Framing, heartbeat, cap and shutdown:
 * http/event-stream.ts.
 */
export function registerAlertStreamRoutes(calls: CallRegistry, deps: AlertStreamDeps): void {
  const { repo, fanout } = deps;

  calls.implement(
    callTable.alertStream,
    {
      alertsPusher: async ({ auth, input }) => {
        const userId = auth.user.userId;
        let cursor = input.lastEventId ?? (await repo.latestId(userId));
        return (stream) => {
          /** Sends every alert after the cursor (a poke says there may be some). */
          const pushNew = async () => {
            if (!(await stream.stillOpen())) return;
            for (;;) {
              const batch = await repo.newerThan(userId, cursor);
              if (stream.closed || batch.length === 0) return;
              const unread = await repo.unread(userId);
              for (const alert of batch) {
                stream.send({ id: alert.id, data: { alert, unread } });
                cursor = alert.id;
              }
            }
          };
          // Pokes run one at a time; those arriving while one waits to run are folded into it.
          let chain = Promise.resolve();
          let waiting = false;
          const poke = () => {
            if (waiting || stream.closed) return;
            waiting = true;
            chain = chain
              .then(() => {
                waiting = false;
                return pushNew();
              })
              .catch(() => stream.close());
          };
          const unsubscribe = fanout.subscribe(userId, poke);
          // Catch up: the resume point, and anything raised before the subscription above.
          poke();
          return unsubscribe;
        };
      },
    },
    deps.heartbeatMs === undefined ? {} : { alertsPusher: { heartbeatMs: deps.heartbeatMs } },
  );
}

import { callTable } from '@powerdeck/domain';
import type { Readable } from 'node:stream';
import type { CallRegistry } from '../../http/contract';
import type { Clock } from '../../infra/clock';
import type { EventLogFanout } from './event-log-fanout';
import type { EventLogsService } from './event-logs.service';

export interface EventLogRoutesDeps {
  service: EventLogsService;
  fanout: Pick<EventLogFanout, 'subscribe'>;
  clock: Clock;
  heartbeatMs?: number;
}

/**
 * `eventLogs svc=getEvents|getEventCalendar|exportEvents` and the live stream
 * `eventPuller/eventLogPusher.php` (docs/api/schedules-events.md).
 */
export function registerEventLogRoutes(calls: CallRegistry, deps: EventLogRoutesDeps): void {
  const { service, fanout, clock } = deps;
  calls.implement(
    callTable.eventLogs,
    {
      getEvents: ({ auth, input }) => service.page(auth.user, input),
      getEventCalendar: ({ auth, input }) => service.calendar(auth.user, input),
      exportEvents: async ({ auth, input, reply }) => {
        const { filename, body } = await service.exportCsv(auth.user, input);
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store');
        return streamedText(body);
      },
      eventLogPusher: async ({ auth, input }) => {
        await service.checkAccess(auth.user, input.siteId);
        return (stream) => {
          let seq = 0;
          return fanout.subscribe(input.siteId, () => {
            void stream.stillOpen().then((open) => {
              if (!open) return;
              const at = clock.now().getTime();
              seq = Math.max(seq + 1, at);
              stream.send({ id: seq, data: { siteId: input.siteId, at } });
            });
          });
        };
      },
    },
    deps.heartbeatMs === undefined ? {} : { eventLogPusher: { heartbeatMs: deps.heartbeatMs } },
  );
}

/**
 * The call's answer is CSV text (its output schema says so, for the types and the OpenAPI
 * document); it is sent as it is read, a stream of lines, which Fastify writes out as the body.
 */
function streamedText(body: Readable): string {
  return body as unknown as string;
}

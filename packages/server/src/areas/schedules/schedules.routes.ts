import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { SchedulesService } from './schedules.service';

/** `scheduleManagement` calls (issue 13; docs/api/schedules-events.md). */
export function registerSchedulesRoutes(calls: CallRegistry, service: SchedulesService): void {
  calls.implement(callTable.schedules, {
    listSchedules: ({ auth, input }) => service.list(auth.user, input),
    createSchedule: ({ auth, input }) => service.create(auth.user, input),
    editSchedule: ({ auth, input }) => service.edit(auth.user, input),
    setScheduleEnabled: ({ auth, input }) => service.setEnabled(auth.user, input),
    deleteSchedule: ({ auth, input }) => service.delete(auth.user, input),
    runSchedule: ({ auth, input }) => service.run(auth.user, input),
  });
}

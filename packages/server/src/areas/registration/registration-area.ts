import type { Database } from '../../infra/db/database';
import type { Area } from '../area';
import { DeviceRemovals } from '../devices/device-removals';
import { ScheduleTargetRemoval } from '../schedules/schedule-target-removal';
import { SchedulePlanner } from '../schedules/scheduler';
import { SchedulesRepository } from '../schedules/schedules.repository';
import { RegistrationRepository } from './registration.repository';
import { registerRegistrationRoutes } from './registration.routes';
import { RegistrationService } from './registration.service';

/**
 * Device registration: claiming a device, gateways, joining wireless units, and deleting a device
 * (its claim released). Comes after devices (whose live bus hears of deletions), the event logs
 * and the schedules (whose queue a changed schedule is planned on again).
 */
export function registrationArea(database: Database): Area {
  return {
    name: 'registration',
    install: ({ app, calls, db, permissions, passwords, clock, jobs }) => {
      const schedulesRepo = new SchedulesRepository(db);
      const removals = new DeviceRemovals(database, app.devices.events);
      registerRegistrationRoutes(
        calls,
        new RegistrationService({
          repo: new RegistrationRepository(db),
          permissions,
          passwords,
          clock,
          schedules: new ScheduleTargetRemoval({
            repo: schedulesRepo,
            planner: new SchedulePlanner(schedulesRepo, jobs, clock),
            clock,
            notify: (siteId) => app.eventLogs.notifier.changed(siteId),
          }),
          removals,
          credentials: app.devices.credentials,
        }),
      );
      app.addHook('onReady', () => removals.start());
      app.addHook('onClose', () => removals.stop());
    },
  };
}

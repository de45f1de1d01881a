import type { Area } from '../area';
import { CommandsRepository } from '../devices/commands.repository';
import { ScheduleFiring } from './schedule-firing';
import { SchedulePlanner, Scheduler } from './scheduler';
import { SchedulesRepository } from './schedules.repository';
import { registerSchedulesRoutes } from './schedules.routes';
import { SchedulesService } from './schedules.service';

/**
 * Scheduled commands: the calls, and the scheduler that fires them from the durable job queue
 * (it starts once the app is ready). Comes after devices, whose control service it sends through,
 * the alerts, which it tells of a firing that sent nothing, and the event logs, whose live
 * streams it tells of each schedule event.
 */
export const schedulesArea: Area = {
  name: 'schedules',
  install: async ({ app, calls, db, clock, permissions, jobs }) => {
    const log = app.log.child({ area: 'schedules' });
    const { access, control } = app.devices;
    const repo = new SchedulesRepository(db);
    const planner = new SchedulePlanner(repo, jobs, clock);
    const firing = new ScheduleFiring({
      repo,
      access,
      control,
      clock,
      log,
      notify: (siteId) => app.eventLogs.notifier.changed(siteId),
      notSent: (schedule, targets) => app.alerts.scheduleNotSent(schedule, targets),
    });
    const scheduler = new Scheduler({ repo, planner, firing, jobs, clock, log });
    await planner.createQueue();
    registerSchedulesRoutes(
      calls,
      new SchedulesService({
        repo,
        permissions,
        access,
        control,
        commands: new CommandsRepository(db),
        planner,
        firing,
        clock,
      }),
    );
    app.addHook('onReady', () => {
      scheduler.start();
      return Promise.resolve();
    });
    app.addHook('onClose', () => scheduler.stop());
  },
};

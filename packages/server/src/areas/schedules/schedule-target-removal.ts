import type { Clock } from '../../infra/clock';
import { type EventActor, scheduleLabel } from './schedule-firing';
import type { SchedulePlanner } from './scheduler';
import type { SchedulesRepository } from './schedules.repository';

/**
 * Devices left a location (Delete Device): its schedules lose them as targets. A schedule left
 * without targets is deleted ('deleted' event), one that keeps others is a new version ('edited'
 * event) whose next firing is planned again (the queued job of the old version does nothing); the
 * events name whoever deleted the device, and the location's live event log hears of them.
 */
export class ScheduleTargetRemoval {
  constructor(
    private readonly deps: {
      repo: SchedulesRepository;
      planner: SchedulePlanner;
      clock: Clock;
      /** Tells the location's live event log that it has new entries. */
      notify: (siteId: string) => void;
    },
  ) {}

  async remove(
    siteId: string,
    devIds: readonly string[],
    actor: EventActor,
  ): Promise<{ deleted: number; edited: number }> {
    const { repo, planner, clock } = this.deps;
    const changed = await repo.removeTargets(siteId, devIds, clock.now());
    if (changed.length === 0) return { deleted: 0, edited: 0 };
    const zone = await repo.locationTime(siteId);
    for (const { schedule, deleted } of changed) {
      await repo.addEvent({
        siteId,
        scheduleId: schedule.id,
        scheduleName: scheduleLabel(schedule),
        kind: deleted ? 'deleted' : 'edited',
        actorKind: actor.kind,
        actorId: actor.id,
        at: clock.now(),
        fireId: null,
      });
      if (!deleted && zone) await planner.plan(schedule, zone);
    }
    this.deps.notify(siteId);
    const deleted = changed.filter((c) => c.deleted).length;
    return { deleted, edited: changed.length - deleted };
  }
}

import { getDeviceSpec } from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock';
import type { StoredFireTarget } from '../../infra/db/schema-schedules';
import type { DeviceAccess } from '../devices/device-access';
import type { DeviceControlService } from '../devices/device-control.service';
import { devClassOf } from '../devices/device-views';
import { commandsOf, deviceLabel, targetMessages } from './schedule-commands';
import type {
  FireRow,
  ScheduleEvent,
  ScheduleEventKind,
  SchedulesRepository,
  StoredSchedule,
} from './schedules.repository';

export const fireMessages = {
  deviceGone: 'The device is no longer at this location.',
  notSent: 'The command could not be sent.',
  missed: 'Not sent: the server was not running when it was due.',
} as const;

/** Who an event is recorded for: the user who changed or ran a schedule, or the schedule. */
export interface EventActor {
  kind: 'user' | 'schedule' | 'api';
  id: string | null;
}

/** A schedule as events name it: its name, or its action and time when it has none. */
export function scheduleLabel(schedule: Pick<StoredSchedule, 'name' | 'action' | 'time'>): string {
  return schedule.name.trim() || `${ACTION_WORDS[schedule.action]} at ${schedule.time}`;
}

const ACTION_WORDS: Record<StoredSchedule['action'], string> = {
  on: 'On',
  off: 'Off',
  cycle: 'Cycle',
  sequenceOn: 'Sequence On',
  sequenceOff: 'Sequence Off',
  reboot: 'Reboot',
};

/**
 * Fires schedules and records what happened: the firing row first (only the server whose insert
 * succeeds sends: the exactly-once guard), then each target's command through the device area's
 * control service with the schedule as actor — the rules of a click, so a locked outlet or an
 * inactive device is skipped with the reason — then the firing's event.
 */
export class ScheduleFiring {
  constructor(
    private readonly deps: {
      repo: SchedulesRepository;
      access: DeviceAccess;
      control: DeviceControlService;
      clock: Clock;
      log: FastifyBaseLogger;
      /** Tells the location's live event log that it has a new entry. */
      notify: (siteId: string) => void;
      /**
       * Alerts the users of the devices a firing sent nothing to (docs/alerts.md: a failed
       * schedule is an alert; one that ran is an event only).
       */
      notSent?: (schedule: string, targets: { devId: string; reason: string }[]) => void;
    },
  ) {}

  /**
   * Fires one occurrence (`dueAt`) or a Run now (null). The firing's row, or null when this
   * occurrence was fired already (by this server or another).
   */
  async fire(
    schedule: StoredSchedule,
    dueAt: Date | null,
    actor: EventActor,
  ): Promise<FireRow | null> {
    const { repo, clock } = this.deps;
    const firedAt = clock.now();
    const id = await repo.claimFire({
      scheduleId: schedule.id,
      siteId: schedule.siteId,
      dueAt,
      firedAt,
      kind: 'fired',
      targets: [],
    });
    if (id === null) return null;
    const targets = await this.send(schedule);
    const kind = targets.some((t) => t.cmdId !== null) ? 'fired' : 'failed';
    const row = await repo.finishFire(id, kind, targets, this.eventOf(schedule, kind, actor));
    this.deps.notify(schedule.siteId);
    this.alertNotSent(schedule, targets);
    return row;
  }

  /** Records an occurrence that was due longer than the grace window ago; nothing is sent. */
  async miss(schedule: StoredSchedule, dueAt: Date): Promise<boolean> {
    const id = await this.deps.repo.claimFire({
      scheduleId: schedule.id,
      siteId: schedule.siteId,
      dueAt,
      firedAt: this.deps.clock.now(),
      kind: 'missed',
      targets: schedule.targets.map((t) => ({
        devId: t.devId,
        otlt: t.otlt,
        cmdId: null,
        skipped: fireMessages.missed,
      })),
    });
    if (id === null) return false;
    await this.event(schedule, 'missed', { kind: 'schedule', id: String(schedule.id) }, id);
    this.alertNotSent(
      schedule,
      schedule.targets.map((t) => ({
        devId: t.devId,
        otlt: t.otlt,
        cmdId: null,
        skipped: fireMessages.missed,
      })),
    );
    return true;
  }

  /**
   * The targets a firing sent nothing to, but a device that left the location (its users there
   * no longer see it; the firing's event says so).
   */
  private alertNotSent(schedule: StoredSchedule, targets: readonly StoredFireTarget[]): void {
    const notSent = targets.filter(
      (t) => t.cmdId === null && t.skipped !== null && t.skipped !== fireMessages.deviceGone,
    );
    if (notSent.length === 0) return;
    this.deps.notSent?.(
      scheduleLabel(schedule),
      notSent.map((t) => ({ devId: t.devId, reason: t.skipped ?? '' })),
    );
  }

  /** Appends a schedule event and tells the location's live log. */
  async event(
    schedule: Pick<StoredSchedule, 'id' | 'siteId' | 'name' | 'action' | 'time'>,
    kind: ScheduleEventKind,
    actor: EventActor,
    fireId: number | null = null,
  ): Promise<void> {
    await this.deps.repo.addEvent({ ...this.eventOf(schedule, kind, actor), fireId });
    this.deps.notify(schedule.siteId);
  }

  private eventOf(
    schedule: Pick<StoredSchedule, 'id' | 'siteId' | 'name' | 'action' | 'time'>,
    kind: ScheduleEventKind,
    actor: EventActor,
  ): Omit<ScheduleEvent, 'fireId'> {
    return {
      siteId: schedule.siteId,
      scheduleId: schedule.id,
      scheduleName: scheduleLabel(schedule),
      kind,
      actorKind: actor.kind,
      actorId: actor.id,
      at: this.deps.clock.now(),
    };
  }

  /** Each target's commands, targets side by side, one target's commands in order. */
  private async send(schedule: StoredSchedule): Promise<StoredFireTarget[]> {
    const perTarget = await Promise.all(
      schedule.targets.map((target) => this.sendTo(schedule, target)),
    );
    return perTarget.flat();
  }

  private async sendTo(
    schedule: StoredSchedule,
    target: StoredSchedule['targets'][number],
  ): Promise<StoredFireTarget[]> {
    const { access, control, log } = this.deps;
    const device = await access.locate(schedule.siteId, target.devId);
    const skip = (reason: string): StoredFireTarget[] => [
      { devId: target.devId, otlt: target.otlt, cmdId: null, skipped: reason },
    ];
    if (!device) return skip(fireMessages.deviceGone);
    const spec = getDeviceSpec(devClassOf(device.row));
    const commands = commandsOf(schedule.action, spec, target.otlt);
    if (commands.length === 0) return skip(targetMessages.noOutlets(deviceLabel(device), spec));
    const actor = { kind: 'schedule', id: String(schedule.id) } as const;
    const results: StoredFireTarget[] = [];
    for (const command of commands) {
      const otlt = 'otlt' in command.args ? command.args.otlt : null;
      try {
        const sent = await control.sendFor(actor, device, command.svc, command.args, {
          confirmed: schedule.networkOffConfirmed,
        });
        results.push({ devId: target.devId, otlt, cmdId: sent.cmdId, skipped: sent.refused });
      } catch (err) {
        log.error({ err, scheduleId: schedule.id, devId: target.devId }, 'scheduled command');
        results.push({ devId: target.devId, otlt, cmdId: null, skipped: fireMessages.notSent });
      }
    }
    return results;
  }
}

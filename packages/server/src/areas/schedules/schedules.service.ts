import {
  networkMessages,
  type PermLvl,
  type Schedule,
  type ScheduleFields,
  type ScheduleFire,
  type ScheduleList,
  type ScheduleTargetView,
  type SessionUser,
  canChangeSchedules,
} from '@powerdeck/domain';
import { conflict, forbidden, notFound } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { CommandsRepository } from '../devices/commands.repository';
import type { DeviceAccess } from '../devices/device-access';
import type { DeviceControlService } from '../devices/device-control.service';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import { readFireResults } from './fire-results';
import { checkTargets, switchesOffNetwork } from './schedule-commands';
import type { EventActor, ScheduleFiring } from './schedule-firing';
import type { SchedulePlanner } from './scheduler';
import type { SchedulesRepository, StoredSchedule, TargetDevices } from './schedules.repository';

export const scheduleErrors = {
  notFound: 'Schedule not found.',
  clientRefused: 'You do not have permission to change scheduled commands at this location.',
} as const;

type ScheduleInput = ScheduleFields & { siteId: string; confirmNetworkOff?: boolean };
type ScheduleRef = { siteId: string; id: number };

/**
 * Scheduled commands (issue 13): any level at the location reads them; CLIENT may not add, edit,
 * enable, delete or run them (403). Every change is a new version of the schedule, an event, and
 * a new plan of its next firing.
 */
export class SchedulesService {
  constructor(
    private readonly deps: {
      repo: SchedulesRepository;
      permissions: PermissionsRepository;
      access: DeviceAccess;
      /** Which outlets feed the location's network (the guard against cutting it off). */
      control: Pick<DeviceControlService, 'feedsNetwork'>;
      commands: CommandsRepository;
      planner: SchedulePlanner;
      firing: ScheduleFiring;
      clock: Clock;
    },
  ) {}

  async list(user: SessionUser, input: { siteId: string; devId?: string }): Promise<ScheduleList> {
    const { repo, permissions, commands, clock } = this.deps;
    await requireLocationAccess(permissions, user, input.siteId);
    const zone = await this.locationTime(input.siteId);
    const devIds =
      input.devId === undefined
        ? undefined
        : [input.devId, ...(await repo.kidsOf(input.siteId, [input.devId]))];
    const rows = await repo.list(input.siteId, devIds);
    const names = await repo.targetNames(input.siteId, [
      ...new Set(rows.flatMap((r) => r.targets.map((t) => t.devId))),
    ]);
    const lastRows = await repo.lastFires(rows.map((r) => r.id));
    const lastFires = await readFireResults(commands, clock.now(), [...lastRows.values()]);
    const lastById = new Map(
      [...lastRows.values()].map((row, index) => [row.scheduleId, lastFires[index] ?? null]),
    );
    const records = rows.map((row): Schedule => ({
      id: row.id,
      siteId: row.siteId,
      name: row.name,
      targets: row.targets.map((t) => targetView(names, t)),
      action: row.action,
      time: row.time,
      dayMask: row.dayMask,
      startDate: row.startDate,
      endDate: row.endDate,
      enabled: row.enabled,
      createdBy: { kind: row.createdByKind, id: row.createdById, name: row.creatorName },
      createdAt: row.createdAt.getTime(),
      updatedAt: row.updatedAt.getTime(),
      nextFire: row.enabled ? (row.nextFireAt?.getTime() ?? null) : null,
      lastFire: lastById.get(row.id) ?? null,
    }));
    return { records, zone };
  }

  async create(user: SessionUser, input: ScheduleInput): Promise<{ id: number }> {
    const { repo, access, planner, firing, clock } = this.deps;
    await this.requireChange(user, input.siteId);
    await checkTargets(access, input.siteId, input.action, input.targets);
    const networkOff = await this.networkOff(input);
    const schedule = await repo.insert(
      input.siteId,
      fieldsOf(input, networkOff),
      input.targets,
      { kind: 'user', id: user.userId },
      clock.now(),
    );
    await firing.event(schedule, 'added', actorOf(user));
    await planner.plan(schedule, await this.locationTime(input.siteId));
    return { id: schedule.id };
  }

  async edit(user: SessionUser, input: ScheduleInput & { id: number }): Promise<{ id: number }> {
    const { repo, access, planner, firing, clock } = this.deps;
    await this.requireChange(user, input.siteId);
    await this.find(input);
    await checkTargets(access, input.siteId, input.action, input.targets);
    const networkOff = await this.networkOff(input);
    const schedule = await repo.update(
      input.siteId,
      input.id,
      fieldsOf(input, networkOff),
      input.targets,
      clock.now(),
    );
    if (!schedule) throw notFound(scheduleErrors.notFound);
    await firing.event(schedule, 'edited', actorOf(user));
    await planner.plan(schedule, await this.locationTime(input.siteId));
    return { id: schedule.id };
  }

  async setEnabled(
    user: SessionUser,
    input: ScheduleRef & { enabled: boolean },
  ): Promise<{ ok: true }> {
    const { repo, planner, firing, clock } = this.deps;
    await this.requireChange(user, input.siteId);
    const current = await this.find(input);
    if (current.enabled === input.enabled) return { ok: true };
    const schedule = await repo.setEnabled(input.siteId, input.id, input.enabled, clock.now());
    if (!schedule) throw notFound(scheduleErrors.notFound);
    await firing.event(schedule, input.enabled ? 'enabled' : 'disabled', actorOf(user));
    await planner.plan(schedule, await this.locationTime(input.siteId));
    return { ok: true };
  }

  /** Its firings and events stay in the log; its queued job finds it gone and does nothing. */
  async delete(user: SessionUser, input: ScheduleRef): Promise<{ ok: true }> {
    const { repo, firing } = this.deps;
    await this.requireChange(user, input.siteId);
    const schedule = await repo.delete(input.siteId, input.id);
    if (!schedule) throw notFound(scheduleErrors.notFound);
    await firing.event(schedule, 'deleted', actorOf(user));
    return { ok: true };
  }

  /** Fires now, through the same path as a timed firing (the schedule is the commands' actor). */
  async run(user: SessionUser, input: ScheduleRef): Promise<ScheduleFire> {
    const { firing, commands, clock } = this.deps;
    await this.requireChange(user, input.siteId);
    const schedule = await this.find(input);
    const row = await firing.fire(schedule, null, actorOf(user));
    // a Run now has no due time, so no other firing can take its row
    if (!row) throw new Error(`Run now of schedule ${schedule.id} was not recorded`);
    const [fired] = await readFireResults(commands, clock.now(), [row]);
    if (!fired) throw new Error(`Run now of schedule ${schedule.id} has no result`);
    return fired;
  }

  /**
   * Whether the schedule switches off an outlet feeding the network: then only with the user's
   * confirmation (409 without), which is kept, so its firings send the switch-off as confirmed.
   */
  private async networkOff(input: ScheduleInput): Promise<boolean> {
    const { access, control, repo } = this.deps;
    const kidsOf = (siteId: string, devIds: readonly string[]) => repo.kidsOf(siteId, devIds);
    const off = await switchesOffNetwork(
      { access, control, kidsOf },
      input.siteId,
      input.action,
      input.targets,
    );
    if (off && input.confirmNetworkOff !== true) {
      throw conflict(networkMessages.needsConfirmation);
    }
    return off;
  }

  private async requireChange(user: SessionUser, siteId: string): Promise<PermLvl> {
    const level = await requireLocationAccess(this.deps.permissions, user, siteId);
    if (!canChangeSchedules(level)) throw forbidden(scheduleErrors.clientRefused);
    return level;
  }

  private async find(ref: ScheduleRef): Promise<StoredSchedule> {
    const schedule = await this.deps.repo.find(ref.siteId, ref.id);
    if (!schedule) throw notFound(scheduleErrors.notFound);
    return schedule;
  }

  private async locationTime(siteId: string) {
    const zone = await this.deps.repo.locationTime(siteId);
    if (!zone) throw notFound();
    return zone;
  }
}

const actorOf = (user: SessionUser): EventActor => ({ kind: 'user', id: user.userId });

function fieldsOf(input: ScheduleInput, networkOffConfirmed: boolean) {
  return {
    networkOffConfirmed,
    name: input.name,
    action: input.action,
    time: input.time,
    dayMask: input.dayMask,
    startDate: input.startDate,
    endDate: input.endDate,
    enabled: input.enabled,
  };
}

/** A target with its device's names; a device no longer at the location shows its id. */
function targetView(
  names: TargetDevices,
  target: { devId: string; otlt: number | null },
): ScheduleTargetView {
  const device = names.devices.get(target.devId);
  return {
    devId: target.devId,
    devClass: device?.devClass ?? '',
    devName: device?.devName.trim() || target.devId,
    parentDevId: device?.parentDevId ?? null,
    parentDevClass: device?.parentDevClass ?? null,
    otlt: target.otlt,
    outletName:
      target.otlt === null
        ? null
        : names.outlets.get(`${target.devId}/${target.otlt}`)?.trim() || null,
  };
}

import {
  type CommandResult,
  type CommandSvc,
  type DeviceSpec,
  type EditOutlets,
  type SessionUser,
  canEditOutlets,
  canRenameDevice,
  getDeviceSpec,
  messages as domainMessages,
  networkMessages,
} from '@powerdeck/domain';
import { randomUUID } from 'node:crypto';
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors';
import type { CommandRequest, CommandTracker } from './command-tracker';
import type { DeviceAccess, DeviceAt, DeviceTarget } from './device-access';
import { devClassOf } from './device-views';
import type { DevicesRepository } from './devices.repository';
import type { LiveEvents } from './live-events';
import type { NetworkGuard } from './network-guard';
import { applyOutletEdits } from './outlet-edits';

export const controlMessages = {
  inactive: domainMessages.deviceInactive,
  outletLocked: 'This outlet is locked. Unlock it in Edit Outlets to switch it.',
  locationLocked: 'Outlets at this location are locked and cannot be switched.',
  renameRefused: 'You do not have permission to rename this device.',
  editRefused: 'You do not have permission to edit outlets.',
  noHub: 'The device link is not available. Please try again.',
  needsConfirmation: networkMessages.needsConfirmation,
} as const;

/** Who a command is sent for: the clicking user, or a schedule firing. */
export type CommandActor = CommandRequest['actor'];

/** How `sendFor` sends: a follow-up once final, its own time to live, a confirmed switch-off. */
export interface SendOptions {
  onFinal?: CommandRequest['onFinal'];
  ttlMs?: number;
  /** The switch-off of an outlet feeding the network was confirmed (a confirmed schedule). */
  confirmed?: boolean;
}

/**
 * Why a device's class cannot take a command (the text of a 400), or null: outlet numbers, Find
 * Me, sequence on/off and reboot, all from the catalog. Schedules check their targets with it too.
 */
export function commandUnavailable(
  spec: DeviceSpec,
  svc: CommandSvc,
  args: Record<string, unknown>,
): string | null {
  const otlt = args.otlt;
  if ((svc === 'setOutlet' || svc === 'cycleOutlet') && typeof otlt === 'number') {
    if (otlt > spec.outletCount) return `Outlet ${otlt} does not exist on this device.`;
  }
  if (svc === 'findMe' && !spec.panels.findMe) {
    return `Find Me is not available for ${spec.displayName}.`;
  }
  // the catalog's rule, which scheduleActionsOf reads too (a CN sequencer's bb232 runs it)
  if (svc === 'sequence' && !spec.takesSequence) {
    return `Sequence on/off is not available for ${spec.displayName}.`;
  }
  if (svc === 'reboot' && !spec.panels.reboot) {
    return `Reboot is not available for ${spec.displayName}.`;
  }
  return null;
}

export interface TargetQuery {
  /** Checked first when given; the bb232 and settings calls name only the device. */
  siteId?: string;
  devId: string;
  devClass?: string;
  parentDevId?: string;
}

/**
 * Device control (spec §7 `{class}.deviceControls`, `devices svc=updateOutlets`) with the rules of
 * spec §4 and §6 enforced here too: CLIENT may not rename or edit outlets; a locked outlet or
 * location refuses a toggle (a locked outlet still cycles); an inactive device refuses commands.
 */
export class DeviceControlService {
  private guard: NetworkGuard | undefined;

  constructor(
    private readonly repo: DevicesRepository,
    private readonly access: DeviceAccess,
    private readonly tracker: () => CommandTracker | undefined,
    private readonly events: LiveEvents,
  ) {}

  /** Installs the guard against cutting a location off (the network area does, once). */
  useNetworkGuard(guard: NetworkGuard): void {
    this.guard = guard;
  }

  /** Whether outlet `otlt` of a device feeds the site's network (false without a guard). */
  async feedsNetwork(device: DeviceAt, otlt: number): Promise<boolean> {
    return (await this.guard?.feedsNetwork(device, otlt)) ?? false;
  }

  /**
   * Switches an outlet. Switching off one that feeds the location's network needs `confirmed`
   * (409 otherwise); a confirmed one is recorded with `confirmed: true` among its args in the
   * audit log (the device is sent only `otlt` and `state`).
   */
  async setOutlet(
    user: SessionUser,
    q: TargetQuery,
    otlt: number,
    state: 0 | 1,
    confirmed = false,
  ) {
    const target = await this.access.resolve(user, q);
    const actor = { kind: 'user' as const, id: user.userId };
    const args = { otlt, state };
    const guarded = await this.checks(target, 'setOutlet', args, confirmed);
    if (guarded instanceof HttpError) throw guarded;
    const result = await this.dispatch(actor, target, 'setOutlet', guarded.args);
    if (guarded.confirmed) this.guard?.switchedOff(actor, target, otlt, result.cmdId);
    return result;
  }

  async cycleOutlet(user: SessionUser, q: TargetQuery, otlt: number) {
    const target = await this.access.resolve(user, q);
    return this.send(user, target, 'cycleOutlet', { otlt });
  }

  async rename(user: SessionUser, q: TargetQuery, name: string) {
    const target = await this.access.resolve(user, q);
    if (!canRenameDevice(target.permLvl)) throw forbidden(controlMessages.renameRefused);
    return this.send(user, target, 'rename', { name }, async (result) => {
      if (result.state !== 'done') return;
      await this.repo.rename(target.row.devId, name);
      this.events.publish({ type: 'device', ...target.address, change: 'info' });
    });
  }

  /** Any other command (reboot, find me, sequence, cycle group, auto status update, settings). */
  async command(
    user: SessionUser,
    q: TargetQuery,
    svc: Exclude<CommandSvc, 'setOutlet' | 'cycleOutlet' | 'rename' | 'setOutletInfo'>,
    args: Record<string, unknown>,
  ) {
    const target = await this.access.resolve(user, q);
    return this.send(user, target, svc, args);
  }

  /**
   * Sends a command for an actor other than a clicking user (a schedule firing) through the same
   * rules as a click: a refused command is not sent, and the refusal's text is answered instead.
   */
  async sendFor(
    actor: CommandActor,
    target: DeviceAt,
    svc: Exclude<CommandSvc, 'rename' | 'setOutletInfo'>,
    args: Record<string, unknown>,
    options: SendOptions = {},
  ): Promise<{ cmdId: string; refused: null } | { cmdId: null; refused: string }> {
    const guarded = await this.checks(target, svc, args, options.confirmed ?? false);
    if (guarded instanceof HttpError) return { cmdId: null, refused: guarded.message };
    const { cmdId } = await this.dispatch(
      actor,
      target,
      svc,
      guarded.args,
      options.onFinal,
      options.ttlMs,
    );
    if (guarded.confirmed && typeof args.otlt === 'number') {
      this.guard?.switchedOff(actor, target, args.otlt, cmdId);
    }
    return { cmdId, refused: null };
  }

  /**
   * A command for a user at a device already found, through the same rules, with a follow-up once
   * it is final (given the ack's result) and its own time to live: the device settings calls.
   */
  async commandAt(
    user: SessionUser,
    target: DeviceTarget,
    svc: 'settings',
    args: Record<string, unknown>,
    opts: { onFinal?: (result: CommandResult, answer?: unknown) => Promise<void>; ttlMs?: number },
  ): Promise<CommandResult> {
    const refusal = await this.refusal(target, svc, args);
    if (refusal) throw refusal;
    const actor = { kind: 'user' as const, id: user.userId };
    return this.dispatch(actor, target, svc, args, opts.onFinal, opts.ttlMs);
  }

  /** Checks the caller may reach the device, without sending anything (evtsubs). */
  async subscribeEvents(user: SessionUser, q: TargetQuery): Promise<CommandResult> {
    await this.access.resolve(user, q);
    return { cmdId: randomUUID(), state: 'done' };
  }

  /** Saves outlet labels and locks (and the device name), then tells connected devices. */
  async updateOutlets(user: SessionUser, edit: EditOutlets): Promise<{ ok: true }> {
    const main = await this.access.resolve(user, edit);
    if (!canEditOutlets(main.permLvl)) throw forbidden(controlMessages.editRefused);
    const targets: DeviceTarget[] = [];
    for (const entry of edit.outlets) {
      const target =
        entry.devId === main.row.devId
          ? main
          : await this.access.resolve(user, {
              siteId: main.siteId,
              devId: entry.devId,
              devClass: entry.devClass,
              parentDevId: main.row.devId,
            });
      targets.push(target);
    }
    const existing = await this.repo.outletsOf(targets.map((t) => t.row.devId));
    const locationLocked = await this.repo.locationLocked(main.siteId);
    const changes = applyOutletEdits(edit, targets, existing, locationLocked);
    await this.repo.saveOutlets(changes.rows);
    if (edit.newDevName !== undefined) await this.repo.rename(main.row.devId, edit.newDevName);
    for (const target of targets) {
      const outlets = changes.byDevice.get(target.row.devId) ?? [];
      if (outlets.length > 0 && this.access.connected(target)) {
        await this.send(user, target, 'setOutletInfo', { outlets }).catch(() => undefined);
      }
      this.events.publish({ type: 'device', ...target.address, change: 'info' });
    }
    if (edit.newDevName !== undefined && this.access.connected(main)) {
      await this.send(user, main, 'rename', { name: edit.newDevName }).catch(() => undefined);
    }
    return { ok: true };
  }

  /**
   * `refusal`, then `guardOff`: the first refusal wins, as one after the other, but the two
   * database reads (the outlet's locks, the network feed) run together, one round trip less.
   */
  private async checks(
    target: DeviceAt,
    svc: CommandSvc,
    args: Record<string, unknown>,
    confirmed: boolean,
  ): ReturnType<DeviceControlService['guardOff']> {
    const guarded = this.guardOff(target, svc, args, confirmed);
    // a refusal below returns first; a failed read of the guard is then not waited for
    guarded.catch(() => undefined);
    const refusal = await this.refusal(target, svc, args);
    return refusal ?? guarded;
  }

  /**
   * The rules of spec §4 every command passes, clicked or scheduled, in this order: the class
   * takes it (400), a locked location or outlet refuses set on/off (409; a locked outlet still
   * cycles), the device link is up (503), the device is connected (409).
   */
  private async refusal(
    target: DeviceAt,
    svc: CommandSvc,
    args: Record<string, unknown>,
  ): Promise<HttpError | null> {
    const unavailable = commandUnavailable(getDeviceSpec(devClassOf(target.row)), svc, args);
    if (unavailable) return badRequest(unavailable);
    if (svc === 'setOutlet' && typeof args.otlt === 'number') {
      const locks = await this.repo.outletLocks(target.siteId, target.row.devId, args.otlt);
      if (locks.location) return conflict(controlMessages.locationLocked);
      if (locks.outlet) return conflict(controlMessages.outletLocked);
    }
    if (!this.tracker()) return new HttpError(503, { error: controlMessages.noHub });
    if (!this.access.connected(target)) return conflict(controlMessages.inactive);
    return null;
  }

  /**
   * The guard against cutting the location off: a set-off of an outlet that feeds the network
   * needs the confirmation (409 without it); with it the args carry `confirmed: true` for the
   * audit log. Anything else passes unchanged.
   */
  private async guardOff(
    target: DeviceAt,
    svc: CommandSvc,
    args: Record<string, unknown>,
    confirmed: boolean,
  ): Promise<HttpError | { args: Record<string, unknown>; confirmed: boolean }> {
    const otlt = args.otlt;
    if (svc !== 'setOutlet' || args.state !== 0 || typeof otlt !== 'number') {
      return { args, confirmed: false };
    }
    if (!(await this.feedsNetwork(target, otlt))) return { args, confirmed: false };
    if (!confirmed) return conflict(controlMessages.needsConfirmation);
    return { args: { ...args, confirmed: true }, confirmed: true };
  }

  private async send(
    user: SessionUser,
    target: DeviceTarget,
    svc: CommandSvc,
    args: Record<string, unknown>,
    onFinal?: (result: CommandResult) => Promise<void>,
  ): Promise<CommandResult> {
    const refusal = await this.refusal(target, svc, args);
    if (refusal) throw refusal;
    return this.dispatch({ kind: 'user', id: user.userId }, target, svc, args, onFinal);
  }

  private dispatch(
    actor: CommandActor,
    target: DeviceAt,
    svc: CommandSvc,
    args: Record<string, unknown>,
    onFinal?: (result: CommandResult, answer?: unknown) => Promise<void>,
    ttlMs?: number,
  ): Promise<CommandResult> {
    const tracker = this.tracker();
    if (!tracker) throw new HttpError(503, { error: controlMessages.noHub });
    return tracker.send({
      address: target.address,
      svc,
      args,
      actor,
      ...(onFinal ? { onFinal } : {}),
      ...(ttlMs === undefined ? {} : { ttlMs }),
    });
  }
}

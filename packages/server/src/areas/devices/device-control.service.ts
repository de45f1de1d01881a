import {
  type CommandResult,
  type CommandSvc,
  type EditOutlets,
  type SessionUser,
  canEditOutlets,
  canRenameDevice,
  getDeviceSpec,
  messages as domainMessages,
} from '@powerdeck/domain';
import { randomUUID } from 'node:crypto';
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors';
import type { CommandTracker } from './command-tracker';
import type { DeviceAccess, DeviceTarget } from './device-access';
import { devClassOf } from './device-views';
import type { DevicesRepository } from './devices.repository';
import type { LiveEvents } from './live-events';
import { applyOutletEdits } from './outlet-edits';

export const controlMessages = {
  inactive: domainMessages.deviceInactive,
  outletLocked: 'This outlet is locked. Unlock it in Edit Outlets to switch it.',
  locationLocked: 'Outlets at this location are locked and cannot be switched.',
  renameRefused: 'You do not have permission to rename this device.',
  editRefused: 'You do not have permission to edit outlets.',
  noHub: 'The device link is not available. Please try again.',
} as const;

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
  constructor(
    private readonly repo: DevicesRepository,
    private readonly access: DeviceAccess,
    private readonly tracker: () => CommandTracker | undefined,
    private readonly events: LiveEvents,
  ) {}

  async setOutlet(user: SessionUser, q: TargetQuery, otlt: number, state: 0 | 1) {
    const target = await this.access.resolve(user, q);
    this.checkOutlet(target, otlt);
    if (await this.repo.locationLocked(target.siteId))
      throw conflict(controlMessages.locationLocked);
    const outlet = await this.repo.outlet(target.row.devId, otlt);
    if (outlet?.locked) throw conflict(controlMessages.outletLocked);
    return this.send(user, target, 'setOutlet', { otlt, state });
  }

  async cycleOutlet(user: SessionUser, q: TargetQuery, otlt: number) {
    const target = await this.access.resolve(user, q);
    this.checkOutlet(target, otlt);
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
    const spec = getDeviceSpec(devClassOf(target.row));
    if (svc === 'findMe' && !spec.panels.findMe) {
      throw badRequest(`Find Me is not available for ${spec.displayName}.`);
    }
    // sequencers behind a bb232 run their sequence from the adapter (sequenceonoff)
    if (svc === 'sequence' && spec.sequence === null && spec.family !== 'sequencer') {
      throw badRequest(`Sequence on/off is not available for ${spec.displayName}.`);
    }
    return this.send(user, target, svc, args);
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

  private checkOutlet(target: DeviceTarget, otlt: number): void {
    const count = getDeviceSpec(devClassOf(target.row)).outletCount;
    if (otlt > count) throw badRequest(`Outlet ${otlt} does not exist on this device.`);
  }

  private async send(
    user: SessionUser,
    target: DeviceTarget,
    svc: CommandSvc,
    args: Record<string, unknown>,
    onFinal?: (result: CommandResult) => Promise<void>,
  ): Promise<CommandResult> {
    const tracker = this.tracker();
    if (!tracker) throw new HttpError(503, { error: controlMessages.noHub });
    if (!this.access.connected(target)) throw conflict(controlMessages.inactive);
    return tracker.send({
      address: target.address,
      svc,
      args,
      actor: { kind: 'user', id: user.userId },
      ...(onFinal ? { onFinal } : {}),
    });
  }
}

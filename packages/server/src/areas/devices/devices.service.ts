import {
  type CommandResult,
  type DeviceContactResponse,
  type DeviceInfo,
  type DeviceKid,
  type DeviceLabelsResponse,
  type DeviceMeta,
  type DeviceStatusResponse,
  type OutletStatusResponse,
  type SessionUser,
  canMute,
  getDeviceSpec,
} from '@powerdeck/domain';
import { forbidden, HttpError, notFound } from '../../http/errors';
import type { CommandTracker } from './command-tracker';
import { DEVICE_NOT_FOUND, type DeviceAccess, type DeviceTarget } from './device-access';
import { devClassOf, networkInventoryHash, toOutlet, toStatusView } from './device-views';
import type { DeviceRow, DevicesRepository } from './devices.repository';
import { knownSettings } from './device-settings.service';

export interface DeviceQuery {
  siteId?: string;
  devClass?: string;
  devId: string;
}

export const MUTE_REFUSED = 'You do not have permission to mute notifications.';

/** The device view calls (spec §7 deviceView, settings, watch and mute of one device). */
export class DevicesService {
  constructor(
    private readonly repo: DevicesRepository,
    private readonly access: DeviceAccess,
    private readonly tracker: () => CommandTracker | undefined,
  ) {}

  async meta(user: SessionUser, query: DeviceQuery): Promise<DeviceMeta> {
    const target = await this.access.resolve(user, query);
    const { row } = target;
    const kids = await this.repo.kidsOf(row.devId);
    const outletRows = await this.repo.outletsOf([row.devId, ...kids.map((k) => k.devId)]);
    const outletsOf = (devId: string) => outletRows.filter((o) => o.devId === devId).map(toOutlet);
    const { settings } = knownSettings(row);
    return {
      siteId: target.siteId,
      devClass: devClassOf(row),
      devId: row.devId,
      devName: row.devName,
      fwVer: row.fwVer,
      parentDevId: row.parentDevId,
      permLvl: target.permLvl,
      locationLocked: await this.repo.locationLocked(target.siteId),
      kids: kids.map((kid): DeviceKid => ({
        devId: kid.devId,
        devClass: devClassOf(kid),
        siteId: kid.siteId ?? target.siteId,
        info: { name: kid.devName, otlts: outletsOf(kid.devId) },
        status: toStatusView(kid),
        contact: this.access.contact(kid, { devId: row.devId, kidId: kid.devId }),
      })),
      outlets: outletsOf(row.devId),
      cycGrp: settings.cycleGroup ?? [],
      seqGrp: (settings.sequenceGroup ?? []).map((step) => step.otlt),
      ntwkinvhash: networkInventoryHash(row, kids),
    };
  }

  async info(user: SessionUser, query: DeviceQuery): Promise<DeviceInfo> {
    const { row } = await this.access.resolve(user, query);
    const outlets = await this.repo.outletsOf([row.devId]);
    return {
      devId: row.devId,
      devClass: devClassOf(row),
      name: row.devName,
      fwVer: row.fwVer,
      otlts: outlets.map(toOutlet),
    };
  }

  async status(user: SessionUser, query: DeviceQuery): Promise<DeviceStatusResponse> {
    const { row } = await this.keyed(user, query);
    return { devId: row.devId, devClass: devClassOf(row), status: toStatusView(row) };
  }

  async contact(user: SessionUser, query: DeviceQuery): Promise<DeviceContactResponse> {
    const target = await this.keyed(user, query);
    return { devId: target.row.devId, ...this.access.contact(target.row, target.address) };
  }

  async outletStatus(user: SessionUser, query: DeviceQuery): Promise<OutletStatusResponse> {
    const { row } = await this.access.resolve(user, query);
    const status = toStatusView(row);
    return { devId: row.devId, time: status?.time ?? null, otlts: status?.otlts ?? [] };
  }

  async labels(user: SessionUser, query: DeviceQuery): Promise<DeviceLabelsResponse> {
    const { row } = await this.keyed(user, query);
    const outlets = await this.repo.outletsOf([row.devId]);
    return { devId: row.devId, devClass: devClassOf(row), outlets: outlets.map(toOutlet) };
  }

  async command(user: SessionUser, query: DeviceQuery, cmdId: string): Promise<CommandResult> {
    const target = await this.access.resolve(user, query);
    const result = await this.tracker()?.result(cmdId);
    if (!result || result.devId !== target.address.devId) throw notFound('Command not found.');
    return {
      cmdId: result.cmdId,
      state: result.state,
      ...(result.error ? { error: result.error } : {}),
    };
  }

  /** `settingsManagement/devGet.php`: the settings the device last reported. */
  async settings(user: SessionUser, query: DeviceQuery) {
    const { row } = await this.access.resolve(user, query);
    const settings = (row.info.settings ?? {}) as Record<string, unknown>;
    return { devId: row.devId, devClass: devClassOf(row), fwVer: row.fwVer, settings };
  }

  /**
   * A watch names only the device, so a device at a location the caller holds no level at answers
   * as an unknown one (404): its id tells a stranger nothing.
   */
  async setWatched(user: SessionUser, devId: string, watched: boolean) {
    await this.access.resolve(user, { devId }).catch((error: unknown) => {
      throw error instanceof HttpError && error.statusCode === 403
        ? notFound(DEVICE_NOT_FOUND)
        : error;
    });
    await this.repo.setWatched(user.userId, devId, watched);
    return { devId, watched };
  }

  async setMuted(
    user: SessionUser,
    query: { siteId: string; devId: string; parentDevId?: string },
    muted: boolean,
  ) {
    const target = await this.access.resolve(user, query);
    if (!canMute(target.permLvl)) throw forbidden(MUTE_REFUSED);
    await this.repo.setMuted(user.userId, query.devId, muted);
    return { devId: query.devId, muted };
  }

  /** cv2/cv3 status, contact and labels are those of the attached unit (the first kid). */
  private async keyed(user: SessionUser, query: DeviceQuery): Promise<DeviceTarget> {
    const target = await this.access.resolve(user, query);
    if (getDeviceSpec(devClassOf(target.row)).family !== 'cv') return target;
    const [kid] = await this.repo.kidsOf(target.row.devId);
    return kid ? kidTarget(target, kid) : target;
  }
}

function kidTarget(parent: DeviceTarget, kid: DeviceRow): DeviceTarget {
  return {
    row: kid,
    parent: parent.row,
    siteId: parent.siteId,
    permLvl: parent.permLvl,
    address: { devId: parent.row.devId, kidId: kid.devId },
  };
}

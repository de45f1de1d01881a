import {
  CONNECTION_STALE_SECONDS,
  type DeviceContact,
  type PermLvl,
  type SessionUser,
  type TopicAddress,
} from '@powerdeck/domain';
import { requireLocationAccess } from '../../http/location-access';
import { notFound } from '../../http/errors';
import type { Clock } from '../../infra/clock';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import type { DeviceHub } from './device-hub';
import type { DeviceRow, DevicesRepository } from './devices.repository';

export const DEVICE_NOT_FOUND = 'Device not found.';

/** A device at a location and where its messages go. */
export interface DeviceAt {
  row: DeviceRow;
  parent: DeviceRow | null;
  siteId: string;
  /** Its topic root: a kid is reached through its parent. */
  address: TopicAddress;
}

/** A device the caller may reach, where its messages go, and the caller's level there. */
export interface DeviceTarget extends DeviceAt {
  permLvl: PermLvl;
}

/**
 * Finds a device for a caller: 403 without a level at the location, 404 when the device is not
 * there (or is not of the class named). With `siteId` the location is checked first, so a caller
 * learns nothing about other locations' devices.
 */
export class DeviceAccess {
  constructor(
    private readonly repo: DevicesRepository,
    private readonly permissions: PermissionsRepository,
    private readonly clock: Clock,
    private readonly hub: () => DeviceHub | undefined,
  ) {}

  async resolve(
    user: SessionUser,
    query: { devId: string; siteId?: string; devClass?: string; parentDevId?: string },
  ): Promise<DeviceTarget> {
    // Both reads at once (every command waits on them, one database round trip less); the
    // level is still judged first, so a caller without one learns nothing of the device.
    const [levelAtSite, row] = await Promise.all([
      query.siteId === undefined
        ? undefined
        : requireLocationAccess(this.permissions, user, query.siteId),
      this.repo.find(query.devId),
    ]);
    let permLvl: PermLvl | undefined = levelAtSite;
    if (!row || row.siteId === null) throw notFound(DEVICE_NOT_FOUND);
    if (query.siteId !== undefined && row.siteId !== query.siteId) throw notFound(DEVICE_NOT_FOUND);
    if (query.devClass !== undefined && row.devClass !== query.devClass) {
      throw notFound(DEVICE_NOT_FOUND);
    }
    if (query.parentDevId !== undefined && row.parentDevId !== query.parentDevId) {
      throw notFound(DEVICE_NOT_FOUND);
    }
    permLvl ??= await requireLocationAccess(this.permissions, user, row.siteId);
    return { ...(await this.place(row, row.siteId)), permLvl };
  }

  /**
   * A device (or kid) at a location, for the server's own duties (a schedule firing); undefined
   * when it is not there (any more). The caller has checked who asked.
   */
  async locate(siteId: string, devId: string): Promise<DeviceAt | undefined> {
    const row = await this.repo.find(devId);
    if (!row || row.siteId !== siteId) return undefined;
    return this.place(row, siteId);
  }

  private async place(row: DeviceRow, siteId: string): Promise<DeviceAt> {
    const parent = row.parentDevId ? ((await this.repo.find(row.parentDevId)) ?? null) : null;
    const address = parent ? { devId: parent.devId, kidId: row.devId } : { devId: row.devId };
    return { row, parent, siteId, address };
  }

  /** Spec §3 Contact, from this server's live knowledge when it has any, else the database. */
  contact(row: DeviceRow, address: TopicAddress): DeviceContact {
    const nowSec = Math.floor(this.clock.now().getTime() / 1000);
    const live = this.hub()?.contactOf(address);
    const stored = row.lastContact?.getTime();
    // With several servers another one may have heard from the device since: the newer wins.
    const liveIsNewer =
      live !== undefined && (stored === undefined || live.lastContactMs >= stored);
    const lastMs = liveIsNewer ? live.lastContactMs : stored;
    const online = liveIsNewer ? live.online : row.online;
    return {
      conf: null,
      lastContact: lastMs === undefined || lastMs === 0 ? null : Math.floor(lastMs / 1000),
      // An offline device's contact is as old as the staleness limit, so it reads as inactive.
      sysTime: online ? nowSec : Math.max(nowSec, this.staleFrom(lastMs)),
    };
  }

  private staleFrom(lastMs: number | undefined): number {
    return lastMs === undefined ? 0 : Math.floor(lastMs / 1000) + CONNECTION_STALE_SECONDS;
  }

  /** Spec §4: connected when heard from under 120 s ago; a kid also needs its parent connected. */
  connected(target: DeviceAt): boolean {
    const own = isFresh(this.contact(target.row, target.address));
    if (!own || !target.parent) return own;
    return isFresh(this.contact(target.parent, { devId: target.parent.devId }));
  }
}

export function isFresh(contact: DeviceContact): boolean {
  return (
    contact.lastContact !== null && contact.sysTime - contact.lastContact < CONNECTION_STALE_SECONDS
  );
}

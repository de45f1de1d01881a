import type {
  DeviceContacts,
  DeviceList,
  DeviceListItem,
  DeviceStatusDetails,
  DeviceWatchedMuted,
  SessionUser,
} from '@powerdeck/domain';
import { requireLocationAccess } from '../../http/location-access';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import { type DeviceAccess, isFresh } from './device-access';
import { devClassOf, seconds, toOutlet, toStatusView } from './device-views';
import type { DeviceListRow, DevicesRepository } from './devices.repository';

export interface DeviceListRequest {
  siteId: string;
  withOutlets?: boolean;
  pageNo?: number;
  recordsPerPage?: number;
}

/** A location's device lists (All Devices tab, contacts, status, watch/mute). */
export class DeviceListsService {
  constructor(
    private readonly repo: DevicesRepository,
    private readonly permissions: PermissionsRepository,
    private readonly access: DeviceAccess,
  ) {}

  async list(user: SessionUser, request: DeviceListRequest): Promise<DeviceList> {
    const rows = await this.rowsAt(user, request.siteId);
    const perPage = request.recordsPerPage ?? rows.length;
    const start = (Math.max(1, request.pageNo ?? 1) - 1) * perPage;
    const page = rows.slice(start, start + perPage);
    const outlets = request.withOutlets
      ? await this.repo.outletsOf(page.map((r) => r.devId))
      : undefined;
    return {
      records: page.map((row) => ({
        ...this.item(row, rows),
        ...(outlets ? { outlets: outlets.filter((o) => o.devId === row.devId).map(toOutlet) } : {}),
      })),
      totalRecords: rows.length,
    };
  }

  async watched(user: SessionUser): Promise<DeviceList> {
    const rows = await this.repo.watchedBy(user.userId, user.tier === 'SUPPORT');
    return { records: rows.map((r) => this.item(r, rows)), totalRecords: rows.length };
  }

  async contacts(user: SessionUser, siteId: string): Promise<DeviceContacts> {
    const rows = await this.rowsAt(user, siteId);
    return {
      records: rows.map((row) => ({
        devId: row.devId,
        ...this.access.contact(row, address(row)),
      })),
    };
  }

  async statusDetails(user: SessionUser, siteId: string): Promise<DeviceStatusDetails> {
    const rows = await this.rowsAt(user, siteId);
    return {
      records: rows.map((row) => ({
        devId: row.devId,
        devClass: devClassOf(row),
        connected: this.connected(row, rows),
        status: toStatusView(row),
      })),
    };
  }

  async watchedMuted(user: SessionUser, siteId: string): Promise<DeviceWatchedMuted> {
    const rows = await this.rowsAt(user, siteId);
    return {
      records: rows.map((r) => ({ devId: r.devId, watched: r.watched, muted: r.muted })),
    };
  }

  private async rowsAt(user: SessionUser, siteId: string): Promise<DeviceListRow[]> {
    await requireLocationAccess(this.permissions, user, siteId);
    return this.repo.listAtSite(siteId, user.userId);
  }

  private item(row: DeviceListRow, all: readonly DeviceListRow[]): DeviceListItem {
    return {
      siteId: row.siteId ?? '',
      devId: row.devId,
      devClass: devClassOf(row),
      devName: row.devName,
      fwVer: row.fwVer,
      parentDevId: row.parentDevId,
      connected: this.connected(row, all),
      kids: row.kids,
      watched: row.watched,
      muted: row.muted,
      lastContact: seconds(row.lastContact),
    };
  }

  private connected(row: DeviceListRow, all: readonly DeviceListRow[]): boolean {
    const fresh = (r: DeviceListRow) => isFresh(this.access.contact(r, address(r)));
    if (!fresh(row)) return false;
    const parent = row.parentDevId ? all.find((r) => r.devId === row.parentDevId) : undefined;
    return parent ? fresh(parent) : true;
  }
}

function address(row: DeviceListRow) {
  return row.parentDevId ? { devId: row.parentDevId, kidId: row.devId } : { devId: row.devId };
}

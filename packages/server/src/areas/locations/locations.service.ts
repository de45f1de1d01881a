import type { DeviceCount, Location, SessionUser, SitesPage } from '@powerdeck/domain';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import { CONNECTION_STALE_MS, isActiveByLastContact } from './device-activity';
import type { LocationListRow, LocationsRepository } from './locations.repository';

export interface SitesPageRequest {
  /** 1-based; 0 also means the first page (spec §7: both appear). */
  pageNo: number;
  recordsPerPage: number | 'all';
  sortBy?: 'alphabetical' | 'creation' | 'recentVisit' | undefined;
  status?: 'all' | 'active' | undefined;
  clientIds?: string[] | undefined;
  watchedOnly?: boolean;
  clientId?: string;
}

export class LocationsService {
  constructor(
    private readonly repo: LocationsRepository,
    private readonly permissions: PermissionsRepository,
    private readonly clock: Clock,
  ) {}

  /** The locations the user holds a level at (every location for SUPPORT), by name. */
  async getSitesData(user: SessionUser, request: SitesPageRequest): Promise<SitesPage> {
    const pageNo = Math.max(1, request.pageNo);
    const perPage = request.recordsPerPage;
    const { rows, total } = await this.repo.listForUser({
      userId: user.userId,
      allSites: user.tier === 'SUPPORT',
      limit: perPage === 'all' ? null : perPage,
      offset: perPage === 'all' ? 0 : (pageNo - 1) * perPage,
      sort: request.sortBy ?? 'alphabetical',
      ...(request.status === 'active'
        ? { activeSince: new Date(this.clock.now().getTime() - CONNECTION_STALE_MS) }
        : {}),
      clientIds: request.clientId !== undefined ? [request.clientId] : (request.clientIds ?? []),
      watchedOnly: request.watchedOnly ?? false,
    });
    return {
      records: rows.map(toLocation),
      totalRecords: total,
      pageNo: perPage === 'all' ? 1 : pageNo,
      recordsPerPage: perPage === 'all' ? Math.max(1, total) : perPage,
    };
  }

  /**
   * Devices at a location and how many are active. Only parent devices count: a kid (the child
   * of a cv2/cv3 card, a bb232's sequencers, a wireless unit behind its gateway) is shown inside
   * its parent's panel, so counting it would disagree with the device list the user opens.
   */
  async getDeviceCount(user: SessionUser, siteId: string): Promise<DeviceCount> {
    await requireLocationAccess(this.permissions, user, siteId);
    const contacts = await this.repo.parentDeviceContacts(siteId);
    const now = this.clock.now();
    const active = contacts.filter((c) => isActiveByLastContact(c, now)).length;
    return { total: contacts.length, active, inActive: contacts.length - active };
  }
}

function toLocation(row: LocationListRow): Location {
  const hasContact = row.primeContact !== null;
  return {
    siteId: row.siteId,
    name: row.name,
    client: row.client,
    clientId: row.clientId,
    // no own level: only SUPPORT lists such locations, and acts as ADMIN there
    permLvl: row.permLvl ?? 'ADMIN',
    otltLock: row.otltLock,
    watched: row.watched,
    muted: row.muted,
    primeContact: row.primeContact,
    primeContactDetails: hasContact
      ? {
          firstName: row.contactFirstName ?? '',
          lastName: row.contactLastName ?? '',
          phone: row.contactPhone ?? '',
          email: row.contactEmail ?? '',
        }
      : null,
  };
}

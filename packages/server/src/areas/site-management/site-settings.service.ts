import {
  type AddSitePermission,
  type EnergySettings,
  type LocationSettings,
  type LocationSettingsView,
  type PermLvl,
  type SessionUser,
  type SitePermission,
  canManageLocation,
} from '@powerdeck/domain';
import { conflict, forbidden, notFound } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import type { LocationRow, SiteSettingsRepository } from './site-settings.repository';

export const siteMessages = {
  manageOnly: 'Only the owner or an ADMIN of this location can do this.',
  noAccount: 'No account uses that e-mail address.',
  alreadyHasLevel: 'That person already has a permission level at this location.',
  noRecord: 'That person has no permission level at this location.',
  notYourself: 'You cannot change your own permission level.',
} as const;

const blankToNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);

function toGeneral(row: LocationRow): LocationSettings {
  return {
    locationName: row.name,
    installationDate: row.installDate ?? '',
    timezone: row.timezone,
    dst: row.dst ? 'yes' : 'no',
    address: row.address ?? '',
    address2: row.address2 ?? '',
    city: row.city ?? '',
    region: row.region ?? '',
    country: row.country ?? '',
    zipCode: row.postalCode ?? '',
    devViewPref: row.viewpref === 'energy_management' ? 'energy_management' : 'outlet_controls',
  };
}

/** siteManagement svc=settings and the general-settings screen's lock, people and energy calls. */
export class SiteSettingsService {
  constructor(
    private readonly repo: SiteSettingsRepository,
    private readonly permissions: PermissionsRepository,
    private readonly clock: Clock,
    /** Recomputes the location's schedules' next firings (its time zone or DST may change). */
    private readonly replanSchedules: (siteId: string) => Promise<void> = () => Promise.resolve(),
    /** Told after a location's energy settings are saved (the energy budget check; never throws). */
    private readonly energySaved: (siteId: string) => Promise<void> = () => Promise.resolve(),
  ) {}

  private async manage(user: SessionUser, siteId: string): Promise<PermLvl> {
    const level = await requireLocationAccess(this.permissions, user, siteId);
    if (!canManageLocation(level)) throw forbidden(siteMessages.manageOnly);
    return level;
  }

  async get(user: SessionUser, siteId: string): Promise<LocationSettingsView> {
    const permLvl = await requireLocationAccess(this.permissions, user, siteId);
    const row = await this.repo.find(siteId, user.userId);
    if (!row) throw notFound();
    return {
      siteId,
      permLvl,
      otltLock: row.otltLock,
      watched: row.watched,
      muted: row.muted,
      general: toGeneral(row),
    };
  }

  /** Saving general settings: owner or ADMIN (CLIENT and INSTALLER read them only). */
  async save(
    user: SessionUser,
    siteId: string,
    s: LocationSettings,
  ): Promise<LocationSettingsView> {
    await this.manage(user, siteId);
    await this.repo.update(
      siteId,
      {
        name: s.locationName,
        installDate: blankToNull(s.installationDate),
        timezone: s.timezone,
        dst: s.dst === 'yes',
        address: blankToNull(s.address),
        address2: blankToNull(s.address2),
        city: blankToNull(s.city),
        region: blankToNull(s.region),
        country: blankToNull(s.country),
        postalCode: blankToNull(s.zipCode),
        viewpref: s.devViewPref,
      },
      this.clock.now(),
    );
    await this.replanSchedules(siteId);
    return this.get(user, siteId);
  }

  async setLock(user: SessionUser, siteId: string, locked: boolean) {
    await this.manage(user, siteId);
    await this.repo.setLock(siteId, locked, this.clock.now());
    return { siteId, otltLock: locked };
  }

  async deleteLocation(
    user: SessionUser,
    siteId: string,
  ): Promise<{ siteId: string; deleted: true }> {
    await this.manage(user, siteId);
    await this.repo.delete(siteId);
    return { siteId, deleted: true };
  }

  async people(user: SessionUser, siteId: string): Promise<SitePermission[]> {
    await requireLocationAccess(this.permissions, user, siteId);
    return this.repo.people(siteId);
  }

  async addPerson(user: SessionUser, siteId: string, input: AddSitePermission) {
    await this.manage(user, siteId);
    const userId = await this.repo.userIdByEmail(input.email);
    if (userId === undefined) throw notFound(siteMessages.noAccount);
    if (!(await this.repo.addPermission(siteId, userId, input.permLvl))) {
      throw conflict(siteMessages.alreadyHasLevel);
    }
    return this.repo.people(siteId);
  }

  async changePerson(user: SessionUser, siteId: string, userId: string, permLvl: PermLvl | null) {
    await this.manage(user, siteId);
    if (userId === user.userId) throw conflict(siteMessages.notYourself);
    if (!(await this.repo.setPermission(siteId, userId, permLvl))) {
      throw notFound(siteMessages.noRecord);
    }
    return this.repo.people(siteId);
  }

  async energy(user: SessionUser, siteId: string): Promise<EnergySettings> {
    await requireLocationAccess(this.permissions, user, siteId);
    return this.repo.energy(siteId);
  }

  async saveEnergy(user: SessionUser, siteId: string, energy: EnergySettings) {
    await this.manage(user, siteId);
    await this.repo.saveEnergy(siteId, energy.monthlyBudget, energy.rates, this.clock.now());
    await this.energySaved(siteId);
    return this.repo.energy(siteId);
  }
}

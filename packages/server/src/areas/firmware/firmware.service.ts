import {
  canUpdateFirmware,
  type DeviceFirmware,
  type DeviceFirmwareRow,
  type DevicesFirmwareInfo,
  type FirmwareBatch,
  type FirmwareUpgrade,
  type FirmwareUpgrades,
  type SessionUser,
  summarizeUpgrades,
} from '@powerdeck/domain';
import { randomUUID } from 'node:crypto';
import { HttpError, badRequest, conflict, forbidden } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { DeviceAccess } from '../devices/device-access';
import { controlMessages } from '../devices/device-control.service';
import { devClassOf } from '../devices/device-views';
import type { DeviceRow, DevicesRepository } from '../devices/devices.repository';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import type { FirmwareCatalogue } from './firmware-catalogue';
import type { FirmwareEngine } from './firmware-engine';
import type { FirmwareRepository, NewUpgrade } from './firmware.repository';

export const firmwareErrors = {
  clientRefused: 'Update Firmware is not available at your permission level.',
  alreadyUnderWay: 'A firmware upgrade of this device is already under way.',
  sameVersion: (version: string) => `The device already runs firmware ${version}.`,
  notInCatalogue: (version: string, devClass: string) =>
    `Firmware ${version} is not in the catalogue for ${devClass}.`,
} as const;

export interface FirmwareServiceDeps {
  devices: DevicesRepository;
  access: DeviceAccess;
  permissions: PermissionsRepository;
  catalogue: FirmwareCatalogue;
  repo: FirmwareRepository;
  engine: FirmwareEngine;
  clock: Clock;
}

/**
 * The firmware calls: any level at a location reads; starting upgrades takes a level other than
 * CLIENT there (spec §6: Update Firmware is disabled for CLIENT), checked before anything is
 * written. A device is found as every device call finds it (foreign location 403, elsewhere 404).
 */
export class FirmwareService {
  constructor(private readonly deps: FirmwareServiceDeps) {}

  async checkAccess(user: SessionUser, siteId: string): Promise<void> {
    await requireLocationAccess(this.deps.permissions, user, siteId);
  }

  async siteInfo(user: SessionUser, siteId: string): Promise<DevicesFirmwareInfo> {
    await this.checkAccess(user, siteId);
    const [rows, upgrades] = await Promise.all([
      this.deps.devices.listAtSite(siteId, user.userId),
      this.deps.repo.latestAtSite(siteId),
    ]);
    const byDevice = new Map(upgrades.map((u) => [u.devId, u]));
    return {
      records: rows.map((row) => this.row(row, byDevice.get(row.devId) ?? null)),
      concurrencyLimit: this.deps.engine.concurrencyLimit,
    };
  }

  async deviceInfo(
    user: SessionUser,
    input: { siteId: string; devId: string },
  ): Promise<DeviceFirmware> {
    const target = await this.deps.access.resolve(user, input);
    const [latest] = await this.deps.repo.ofDevice(input.siteId, target.row.devId, 1);
    return {
      ...this.row(target.row, latest ?? null),
      images: this.deps.catalogue.images(devClassOf(target.row)),
      connected: this.deps.access.connected(target),
    };
  }

  async upgradeDevice(
    user: SessionUser,
    input: { siteId: string; devId: string; version?: string | undefined },
  ): Promise<FirmwareUpgrade> {
    const target = await this.deps.access.resolve(user, input);
    if (!canUpdateFirmware(target.permLvl)) throw forbidden(firmwareErrors.clientRefused);
    const { row } = target;
    const devClass = devClassOf(row);
    const version = input.version ?? this.deps.catalogue.latest(devClass)?.version;
    const image = version === undefined ? undefined : this.deps.catalogue.image(devClass, version);
    if (!image) {
      throw badRequest(firmwareErrors.notInCatalogue(version ?? '', devClass), {
        version: firmwareErrors.notInCatalogue(version ?? '', devClass),
      });
    }
    if (row.fwVer === image.version) throw conflict(firmwareErrors.sameVersion(image.version));
    this.requireEngine();
    const upgrade = this.newUpgrade(user, input.siteId, row, image.version, image.size, null);
    const [id] = await this.deps.repo.insert([upgrade]);
    if (!id) throw conflict(firmwareErrors.alreadyUnderWay);
    await this.deps.engine.enqueue([{ id, siteId: input.siteId }]);
    const stored = await this.deps.repo.find(id);
    if (!stored) throw conflict(firmwareErrors.alreadyUnderWay);
    return stored;
  }

  /**
   * Update Firmware for a location: one upgrade to the newest image per device with an update
   * and none under way, in one batch; they take turns under the location's limit.
   */
  async upgradeLocation(user: SessionUser, siteId: string): Promise<FirmwareBatch> {
    const level = await requireLocationAccess(this.deps.permissions, user, siteId);
    if (!canUpdateFirmware(level)) throw forbidden(firmwareErrors.clientRefused);
    this.requireEngine();
    const rows = await this.deps.devices.listAtSite(siteId, user.userId);
    const batchId = randomUUID();
    const wanted = rows.flatMap((row) => {
      const devClass = devClassOf(row);
      const latest = this.deps.catalogue.latest(devClass);
      if (!latest || !this.deps.catalogue.updateAvailable(devClass, row.fwVer)) return [];
      return [this.newUpgrade(user, siteId, row, latest.version, latest.size, batchId)];
    });
    const ids = await this.deps.repo.insert(wanted);
    const limit = this.deps.engine.concurrencyLimit;
    if (ids.length === 0) return { batchId: null, upgrades: [], concurrencyLimit: limit };
    await this.deps.engine.enqueue(ids.map((id) => ({ id, siteId })));
    return {
      batchId,
      upgrades: await this.deps.repo.ofBatch(siteId, batchId),
      concurrencyLimit: limit,
    };
  }

  async upgrades(
    user: SessionUser,
    input: { siteId: string; batchId?: string | undefined; devId?: string | undefined },
  ): Promise<FirmwareUpgrades> {
    await this.checkAccess(user, input.siteId);
    const { repo } = this.deps;
    let upgrades: FirmwareUpgrade[];
    if (input.batchId !== undefined) upgrades = await repo.ofBatch(input.siteId, input.batchId);
    else if (input.devId !== undefined) upgrades = await repo.ofDevice(input.siteId, input.devId);
    else upgrades = await repo.latestAtSite(input.siteId);
    if (input.batchId !== undefined && input.devId !== undefined) {
      upgrades = upgrades.filter((u) => u.devId === input.devId);
    }
    return {
      upgrades,
      summary: summarizeUpgrades(upgrades),
      concurrencyLimit: this.deps.engine.concurrencyLimit,
    };
  }

  private requireEngine(): void {
    if (!this.deps.engine.canRun) throw new HttpError(503, { error: controlMessages.noHub });
  }

  private newUpgrade(
    user: SessionUser,
    siteId: string,
    row: DeviceRow,
    toVersion: string,
    size: number,
    batchId: string | null,
  ): NewUpgrade {
    return {
      id: randomUUID(),
      batchId,
      siteId,
      devId: row.devId,
      parentDevId: row.parentDevId,
      devClass: row.devClass,
      devName: row.devName,
      fromVersion: row.fwVer,
      toVersion,
      phase: 'queued',
      size,
      steps: [{ phase: 'queued', at: this.deps.clock.now().getTime() }],
      startedById: user.userId,
      queuedAt: this.deps.clock.now(),
    };
  }

  private row(row: DeviceRow, upgrade: FirmwareUpgrade | null): DeviceFirmwareRow {
    const devClass = devClassOf(row);
    return {
      devId: row.devId,
      devClass,
      devName: row.devName,
      fwVer: row.fwVer,
      parentDevId: row.parentDevId,
      latestVersion: this.deps.catalogue.latest(devClass)?.version ?? null,
      updateAvailable: this.deps.catalogue.updateAvailable(devClass, row.fwVer),
      upgrade,
    };
  }
}

import {
  type AddedDevice,
  DEVICE_CLASSES,
  type DeletedDevice,
  type Gateways,
  type SessionUser,
  type TopicAddress,
  canDeleteDevice,
  classesOfFamily,
  findDeviceSpec,
  messages as specMessages,
} from '@powerdeck/domain';
import {
  badRequest,
  conflict,
  forbidden,
  messages,
  notFound,
  tooManyRequests,
} from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { PasswordHasher } from '../../infra/passwords';
import { DEVICE_NOT_FOUND } from '../devices/device-access';
import type { DeviceCredentials } from '../devices/device-credentials';
import type { DeviceRemovals } from '../devices/device-removals';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import type { ScheduleTargetRemoval } from '../schedules/schedule-target-removal';
import type { RegistrationRepository, ReleasedDevice } from './registration.repository';

/** Failed claims allowed per account in the window before further attempts get 429. */
export const CLAIM_FAILURES_PER_USER = { max: 10, windowMs: 15 * 60_000 } as const;
// Claim attempts per address (30 a minute, in each server's memory) are the call table's limit.

export const registrationMessages = {
  notPermitted: "You don't have permission to add devices at this location.",
  notJoinable: 'This device is no longer waiting to join at this location.',
  deleteNotPermitted: 'Only an ADMIN or owner of this location can delete its devices.',
  attached: (parent: string) =>
    `This device is attached to ${parent}: delete that device to take it out of the location.`,
} as const;

/** Classes that join through a gateway: deleted, they leave it and can join again. */
const WIRELESS_CLASSES = DEVICE_CLASSES.filter((c) => findDeviceSpec(c)?.wireless);

/** Ethernet claims and wireless joins (spec §3 Device registration, §4 register/join states). */
export class RegistrationService {
  constructor(
    private readonly deps: {
      repo: RegistrationRepository;
      permissions: PermissionsRepository;
      passwords: PasswordHasher;
      clock: Clock;
      /** Takes deleted devices out of the location's schedules. */
      schedules: Pick<ScheduleTargetRemoval, 'remove'>;
      /** Ends the live streams of deleted devices on every server. */
      removals: Pick<DeviceRemovals, 'announce'>;
      /** A claimed device signs in with its claim key; a deleted one is refused by the broker. */
      credentials: Pick<DeviceCredentials, 'claimed' | 'revoked'>;
    },
  ) {}

  /** Adding devices needs a level other than CLIENT at the location (spec §6). */
  private async requireInstaller(user: SessionUser, siteId: string): Promise<void> {
    const level = await requireLocationAccess(this.deps.permissions, user, siteId);
    if (level === 'CLIENT') throw forbidden(registrationMessages.notPermitted);
  }

  /**
   * Claims an unclaimed device with its claim key. A wrong key, an unknown MAC and a device that
   * is already claimed all answer with the spec's one message (400, or 409 for a claimed device
   * whose key was right), and count towards the account's limit.
   */
  async addNewDevice(
    user: SessionUser,
    ip: string,
    input: { siteId: string; devId: string; claimKey: string },
  ): Promise<AddedDevice> {
    const { repo, clock } = this.deps;
    await this.requireInstaller(user, input.siteId);
    const now = clock.now();
    const since = new Date(now.getTime() - CLAIM_FAILURES_PER_USER.windowMs);
    if ((await repo.failuresSince(user.userId, since)) >= CLAIM_FAILURES_PER_USER.max) {
      throw tooManyRequests(messages.tooManyRequests, CLAIM_FAILURES_PER_USER.windowMs / 1000);
    }
    const device = await repo.find(input.devId);
    const keyMatches =
      device?.claimKeyHash != null &&
      (await this.deps.passwords.verify(device.claimKeyHash, input.claimKey.toUpperCase()));
    const claimed =
      device && keyMatches && (await repo.claim(device.devId, input.siteId, user.userId));
    await repo.recordAttempt(user.userId, ip, claimed === true, now);
    if (!device || !claimed) {
      const failed = specMessages.deviceAddFailed;
      throw keyMatches ? conflict(failed) : badRequest(failed);
    }
    await this.deps.credentials.claimed(device.devId, input.claimKey);
    return {
      devId: device.devId,
      devClass: device.devClass,
      devName: device.devName,
      siteId: input.siteId,
    };
  }

  /**
   * Delete Device: ADMIN and owner at the location, or SUPPORT (403 for anyone else, before any
   * look-up). The device and its kids leave the location and the claim is released in one
   * transaction (see `RegistrationRepository.release`); then the location's schedules lose them
   * as targets and their live streams end on every server. A wired kid goes only with its parent
   * (409); a wireless one leaves its gateway.
   */
  async deleteDevice(
    user: SessionUser,
    input: { siteId: string; devId: string; devClass: string },
  ): Promise<DeletedDevice> {
    const { repo } = this.deps;
    const level = await requireLocationAccess(this.deps.permissions, user, input.siteId);
    if (!canDeleteDevice(level, user.tier)) {
      throw forbidden(registrationMessages.deleteNotPermitted);
    }
    const device = await repo.find(input.devId);
    if (device?.siteId !== input.siteId || device.devClass !== input.devClass) {
      throw notFound(DEVICE_NOT_FOUND);
    }
    if (device.parentDevId !== null && !findDeviceSpec(device.devClass)?.wireless) {
      const parent = await repo.find(device.parentDevId);
      throw conflict(registrationMessages.attached(parent?.devName.trim() || device.parentDevId));
    }
    const released = await repo.release(input.siteId, device.devId, WIRELESS_CLASSES);
    // deleted by another request meanwhile
    if (released.length === 0) throw notFound(DEVICE_NOT_FOUND);
    const devIds = released.map((d) => d.devId);
    // only a device with a connection of its own (not a wireless kid of a gateway) signs in
    if (device.parentDevId === null) await this.deps.credentials.revoked(device.devId);
    const schedules = await this.deps.schedules.remove(input.siteId, devIds, {
      kind: 'user',
      id: user.userId,
    });
    await this.deps.removals.announce([addressOf(released[0] ?? device)]);
    return {
      devId: device.devId,
      devClass: device.devClass,
      devName: device.devName.trim() || device.devId,
      siteId: input.siteId,
      kids: devIds.slice(1),
      schedules,
    };
  }

  /** The location's gateways and the wireless devices they hear that have not joined yet. */
  async getGateways(user: SessionUser, siteId: string): Promise<Gateways> {
    await this.requireInstaller(user, siteId);
    const gateways = await this.deps.repo.gatewaysAt(siteId, classesOfFamily('gateway'));
    const nearby = await this.deps.repo.unjoinedNear(gateways.map((g) => g.devId));
    return {
      gateways,
      devices: nearby.map((d) => ({
        label: d.devName || `${d.devClass.toUpperCase()} ${d.devId}`,
        gateway: d.gateway,
        devId: d.devId,
        devClass: d.devClass,
      })),
    };
  }

  /** Joins a wireless device heard by a gateway at the location, under the name given. */
  async join(
    user: SessionUser,
    input: { siteId: string; devId: string; devClass: string; devName: string },
  ): Promise<{ devId: string; devClass: string; siteId: string }> {
    await this.requireInstaller(user, input.siteId);
    const device = await this.deps.repo.find(input.devId);
    const devClass =
      device?.devClass === input.devClass
        ? await this.deps.repo.join({
            devId: input.devId,
            siteId: input.siteId,
            devName: input.devName,
            userId: user.userId,
          })
        : null;
    if (devClass === null) throw conflict(registrationMessages.notJoinable);
    return { devId: input.devId, devClass, siteId: input.siteId };
  }
}

/** Where a deleted device's live events go: its own root, or its gateway's for a wireless kid. */
function addressOf(device: Pick<ReleasedDevice, 'devId' | 'parentDevId'>): TopicAddress {
  return device.parentDevId === null
    ? { devId: device.devId }
    : { devId: device.parentDevId, kidId: device.devId };
}

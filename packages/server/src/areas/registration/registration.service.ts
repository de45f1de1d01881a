import {
  type AddedDevice,
  type Gateways,
  type SessionUser,
  classesOfFamily,
  messages as specMessages,
} from '@powerdeck/domain';
import { badRequest, conflict, forbidden, messages, tooManyRequests } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { PasswordHasher } from '../../infra/passwords';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import type { RegistrationRepository } from './registration.repository';

/** Failed claims allowed per account in the window before further attempts get 429. */
export const CLAIM_FAILURES_PER_USER = { max: 10, windowMs: 15 * 60_000 } as const;
// Claim attempts per address (30 a minute, in each server's memory) are the call table's limit.

export const registrationMessages = {
  notPermitted: "You don't have permission to add devices at this location.",
  notJoinable: 'This device is no longer waiting to join at this location.',
} as const;

/** Ethernet claims and wireless joins (spec §3 Device registration, §4 register/join states). */
export class RegistrationService {
  constructor(
    private readonly deps: {
      repo: RegistrationRepository;
      permissions: PermissionsRepository;
      passwords: PasswordHasher;
      clock: Clock;
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
    return {
      devId: device.devId,
      devClass: device.devClass,
      devName: device.devName,
      siteId: input.siteId,
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

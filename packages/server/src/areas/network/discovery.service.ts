import {
  type DeviceDiscovery,
  DISCOVERY_REASONS,
  type DiscoveryReason,
  type DiscoveryRun,
  type SessionUser,
  ACK_ERRORS,
  type CommandResult,
  discoveredUnitSchema,
  discoveryReasonTexts,
  discoversUnits,
  getDeviceSpec,
  parseDiscoverEvent,
  type TopicAddress,
} from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { HttpError, badRequest, conflict, forbidden } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { DeviceAccess, DeviceTarget } from '../devices/device-access';
import { controlMessages, type DeviceControlService } from '../devices/device-control.service';
import { devClassOf } from '../devices/device-views';
import type { LiveEvents } from '../devices/live-events';
import type { StoredDiscoveredUnit } from '../../infra/db/schema-network';
import type { DiscoveryRunRow, NetworkRepository } from './network.repository';
import { canChangeNetwork, networkErrors } from './network.service';

/** A scan takes a while: the device has this long to answer before the run is 'timedOut'. */
export const DISCOVERY_TTL_MS = 60_000;

/** A run still open this long past its time to live lost its server: it is failed 'timedOut'. */
const STALE_MARGIN_MS = 30_000;

export const discoveryErrors = {
  underWay: 'A discovery of this device is already under way.',
  notSupported: discoveryReasonTexts.notSupported,
  inactive: controlMessages.inactive,
} as const;

/** The ack of a finished scan: every unit on the device's bus or radio. */
const discoverAnswerSchema = z.object({ units: z.array(discoveredUnitSchema).max(64) });

/** An ack error as a discovery reason (the protocol's generic errors mapped to the nearest). */
function reasonOf(result: CommandResult): DiscoveryReason {
  if (result.state === 'expired') return 'timedOut';
  const error = result.error ?? '';
  if ((DISCOVERY_REASONS as readonly string[]).includes(error)) return error as DiscoveryReason;
  if (error === ACK_ERRORS.notSupported) return 'notSupported';
  if (error === ACK_ERRORS.busy) return 'busy';
  return 'timedOut';
}

export function toDiscoveryRun(row: DiscoveryRunRow): DiscoveryRun {
  return {
    runId: row.id,
    devId: row.devId,
    phase: row.phase,
    found: row.found,
    reason: row.reason,
    units: row.units,
    startedAt: Math.floor(row.startedAt.getTime() / 1000),
    endedAt: row.endedAt === null ? null : Math.floor(row.endedAt.getTime() / 1000),
  };
}

/**
 * Discover Units (issue 15, spec §4 "discover phases with error reasons"): a run is a row and a
 * `discover` command to the device. Its `discover` events move the run's phase forward (on
 * whichever server hears them); the ack ends it: done with every unit the device reported, those
 * not yet known added as kids of the device at its location; or failed with the device's reason
 * ('timedOut' when it never answered).
 */
export class DiscoveryService {
  constructor(
    private readonly deps: {
      repo: NetworkRepository;
      access: DeviceAccess;
      control: DeviceControlService;
      events: LiveEvents;
      permissions: Parameters<typeof requireLocationAccess>[0];
      clock: Clock;
      log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
      hasLink: () => boolean;
      /** How long the device has to answer (default DISCOVERY_TTL_MS). */
      ttlMs?: number;
    },
  ) {
    this.ttlMs = deps.ttlMs ?? DISCOVERY_TTL_MS;
  }

  private readonly ttlMs: number;

  private staleBefore(now: Date): Date {
    return new Date(now.getTime() - this.ttlMs - STALE_MARGIN_MS);
  }

  async getDiscovery(
    user: SessionUser,
    input: { siteId: string; devId: string },
  ): Promise<DeviceDiscovery> {
    const target = await this.deps.access.resolve(user, input);
    return this.view(target);
  }

  async startDiscovery(
    user: SessionUser,
    input: { siteId: string; devId: string },
  ): Promise<DiscoveryRun> {
    const { repo, access, control, clock } = this.deps;
    const level = await requireLocationAccess(this.deps.permissions, user, input.siteId);
    if (!canChangeNetwork(level)) throw forbidden(networkErrors.clientRefused);
    const target = await access.resolve(user, input);
    const { row } = target;
    const spec = getDeviceSpec(devClassOf(row));
    if (row.parentDevId !== null || !discoversUnits(spec)) {
      throw badRequest(discoveryErrors.notSupported);
    }
    if (!this.deps.hasLink()) throw new HttpError(503, { error: controlMessages.noHub });
    if (!access.connected(target)) throw conflict(discoveryErrors.inactive);
    const now = clock.now();
    await repo.failStale(row.devId, this.staleBefore(now), now);
    const id = randomUUID();
    const inserted = await repo.insertRun({
      id,
      siteId: target.siteId,
      devId: row.devId,
      startedBy: user.userId,
      startedAt: now,
    });
    if (!inserted) throw conflict(discoveryErrors.underWay);
    const sent = await control
      .sendFor(
        { kind: 'user', id: user.userId },
        target,
        'discover',
        {},
        {
          ttlMs: this.ttlMs,
          onFinal: (result, answer) => this.finish(id, target, result, answer),
        },
      )
      .catch((err: unknown) => {
        this.deps.log.error({ err, devId: row.devId }, 'discover could not be sent');
        return { cmdId: null, refused: controlMessages.noHub };
      });
    if (sent.refused !== null) {
      await repo.finishRun(id, { phase: 'failed', reason: 'offline' }, clock.now());
      throw conflict(sent.refused);
    }
    await repo.setCommand(id, sent.cmdId);
    const run = await repo.run(id);
    if (!run) throw new Error(`discovery run ${id} vanished`);
    return toDiscoveryRun(run);
  }

  /** A `discover` event of a device: its open run moves forward (done and failed come by ack). */
  async onEvent(address: TopicAddress, value: unknown): Promise<void> {
    if (address.kidId !== undefined) return;
    const parsed = parseDiscoverEvent(value);
    if (!parsed || parsed.phase === 'done' || parsed.phase === 'failed') return;
    await this.deps.repo.advance(address.devId, parsed.phase, parsed.found ?? null);
  }

  private async view(target: DeviceTarget): Promise<DeviceDiscovery> {
    const { repo, clock } = this.deps;
    const { row } = target;
    const spec = getDeviceSpec(devClassOf(row));
    const now = clock.now();
    await repo.failStale(row.devId, this.staleBefore(now), now);
    // the run first: a run read as done has its new units committed, so the kids read after it
    // include them (read side by side, the kids could come from before that commit)
    const run = await repo.latestRun(target.siteId, row.devId);
    const kids = await repo.kidsOf(row.devId);
    return {
      devId: row.devId,
      devClass: spec.devClass,
      supported: row.parentDevId === null && discoversUnits(spec),
      units: kids.flatMap((kid) => {
        const unit = discoveredUnitSchema.safeParse({
          devId: kid.devId,
          devClass: kid.devClass,
          name: kid.devName.slice(0, 40),
        });
        return unit.success ? [unit.data] : [];
      }),
      run: run ? toDiscoveryRun(run) : null,
    };
  }

  /** The ack (or its absence): the run ends, and the new units join the device. */
  private async finish(
    id: string,
    target: DeviceTarget,
    result: CommandResult,
    answer: unknown,
  ): Promise<void> {
    const { repo, clock, events } = this.deps;
    if (result.state !== 'done') {
      await repo.finishRun(id, { phase: 'failed', reason: reasonOf(result) }, clock.now());
      return;
    }
    const parsed = discoverAnswerSchema.safeParse(answer);
    if (!parsed.success) {
      this.deps.log.warn({ devId: target.row.devId }, 'discover answered without units');
      await repo.finishRun(id, { phase: 'failed', reason: 'timedOut' }, clock.now());
      return;
    }
    const spec = getDeviceSpec(devClassOf(target.row));
    // only units of classes that attach to this device's class join it
    const units = parsed.data.units.filter((u) => spec.childClasses.includes(u.devClass));
    const known = new Set((await repo.kidsOf(target.row.devId)).map((k) => k.devId));
    const fresh = units.filter((u) => !known.has(u.devId));
    const added = new Set(
      await repo.addUnits(
        target.siteId,
        target.row.devId,
        fresh.map((u) => ({ ...u, outletCount: getDeviceSpec(u.devClass).outletCount })),
        clock.now(),
      ),
    );
    const stored = units.map((u): StoredDiscoveredUnit => ({ ...u, known: known.has(u.devId) }));
    await repo.finishRun(id, { phase: 'done', units: stored }, clock.now());
    if (added.size > 0) events.publish({ type: 'device', ...target.address, change: 'info' });
  }
}

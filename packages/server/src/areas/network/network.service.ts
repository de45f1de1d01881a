import {
  type DevicePing,
  type LocationNetwork,
  type NetworkDevice,
  type NetworkOutlet,
  type PermLvl,
  type PingTarget,
  type PingTargetView,
  type SessionUser,
  getDeviceSpec,
  pingStatusSchema,
  takesPingTargets,
} from '@powerdeck/domain';
import { badRequest, forbidden } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { DeviceAccess, DeviceAt, DeviceTarget } from '../devices/device-access';
import { devClassOf, seconds } from '../devices/device-views';
import type { DeviceRow, DevicesRepository, OutletRow } from '../devices/devices.repository';
import type { NetworkMarkRow, NetworkRepository, PingConfigRow } from './network.repository';
import type { PingReconciler } from './ping-reconciler';

export const networkErrors = {
  clientRefused: 'You do not have permission to change the network settings at this location.',
  noPing: (name: string) => `${name} does not run auto-ping.`,
  notOurOutlet: (devId: string) => `Device ${devId} is not this device or one of its units.`,
  noSuchOutlet: (otlt: number) => `Outlet ${otlt} does not exist on this device.`,
} as const;

/** Network Management is read at any level; changing targets and marks takes more than CLIENT. */
export function canChangeNetwork(level: PermLvl): boolean {
  return level !== 'CLIENT';
}

/** `10:65:A3:00:00:01` for a MAC ID (12 hex digits); a serial number as it is. */
export function macText(row: Pick<DeviceRow, 'devId' | 'devClass'>): string {
  const spec = getDeviceSpec(devClassOf(row as DeviceRow));
  if (spec.idLabel !== 'MAC ID' || !/^[0-9A-F]{12}$/.test(row.devId)) return row.devId;
  return row.devId.match(/../g)?.join(':') ?? row.devId;
}

/** The device's reported auto-ping (`status.ping`), or undefined before it reported one. */
export function reportedPing(row: Pick<DeviceRow, 'status'>) {
  const parsed = pingStatusSchema.safeParse(row.status.ping);
  return parsed.success ? parsed.data : undefined;
}

/** The outlet the device reports its own uplink runs through (`status.uplinkOtlt`). */
function uplinkOf(row: Pick<DeviceRow, 'status'>): number | undefined {
  const value = row.status.uplinkOtlt;
  return typeof value === 'number' ? value : undefined;
}

/**
 * Whether an outlet feeds the site's network: the user's mark when there is one, else the
 * device's report of its uplink.
 */
export function feedsNetwork(
  row: Pick<DeviceRow, 'status'>,
  otlt: number,
  mark: Pick<NetworkMarkRow, 'feedsNetwork'> | undefined,
): { feedsNetwork: boolean; source: 'user' | 'device' | null } {
  if (mark) return { feedsNetwork: mark.feedsNetwork, source: 'user' };
  if (uplinkOf(row) === otlt) return { feedsNetwork: true, source: 'device' };
  return { feedsNetwork: false, source: null };
}

/**
 * A device's auto-ping as the tab shows it: the configured targets with the state the device
 * reports for them (only while it runs this version: until then each is unknown), and pending
 * while the version it reports is older than the configuration's.
 */
export function pingView(
  devId: string,
  row: DeviceRow,
  config: PingConfigRow | undefined,
): DevicePing {
  const reported = reportedPing(row);
  const version = config?.version ?? 0;
  const applied = reported?.version ?? null;
  const live = reported !== undefined && reported.version === version ? reported.targets : [];
  const targets = (config?.targets ?? []).map((target, i): PingTargetView => {
    const state = live[i];
    return {
      ...target,
      state: state?.state ?? 'unknown',
      lastReply: state?.lastReply ?? null,
      rebootsToday: state?.rebootsToday ?? 0,
    };
  });
  return { devId, version, appliedVersion: applied, pending: version > (applied ?? 0), targets };
}

/**
 * Network Management (issue 15): a location's devices on its network, their auto-ping targets
 * (run by the devices; sent through the reconciler) and the outlets that feed the network. Every
 * call checks the caller's level at the location first; CLIENT may read, not change (403).
 */
export class NetworkService {
  constructor(
    private readonly deps: {
      repo: NetworkRepository;
      devices: DevicesRepository;
      access: DeviceAccess;
      permissions: Parameters<typeof requireLocationAccess>[0];
      reconciler: PingReconciler;
      clock: Clock;
    },
  ) {}

  async getNetwork(user: SessionUser, siteId: string): Promise<LocationNetwork> {
    const { repo, devices } = this.deps;
    const permLvl = await requireLocationAccess(this.deps.permissions, user, siteId);
    const rows = await devices.listAtSite(siteId, user.userId);
    const ids = rows.map((r) => r.devId);
    const [outletRows, marks, configs] = await Promise.all([
      devices.outletsOf(ids),
      repo.marksOf(ids),
      repo.pingConfigsOf(ids),
    ]);
    const parents = rows.filter((r) => r.parentDevId === null);
    const kidsOf = (devId: string) => rows.filter((r) => r.parentDevId === devId);
    const result = parents.map((row): NetworkDevice => {
      const spec = getDeviceSpec(devClassOf(row));
      const kids = kidsOf(row.devId);
      const at: DeviceAt = { row, parent: null, siteId, address: { devId: row.devId } };
      const node = this.node(at);
      return {
        ...node,
        gateway: spec.childClasses.some((c) => getDeviceSpec(c).wireless),
        kids: kids.map((kid) => {
          const rssi = kid.status.rssi;
          return {
            ...this.node({
              row: kid,
              parent: row,
              siteId,
              address: { devId: row.devId, kidId: kid.devId },
            }),
            rssi: typeof rssi === 'number' ? rssi : null,
          };
        }),
        ping: takesPingTargets(spec)
          ? pingView(
              row.devId,
              row,
              configs.find((c) => c.devId === row.devId),
            )
          : null,
        outlets: [row, ...kids].flatMap((unit) => outletsOf(unit, outletRows, marks)),
      };
    });
    return { siteId, permLvl, canEdit: canChangeNetwork(permLvl), devices: result };
  }

  /**
   * Replaces a device's targets with a new version and sends it at once (a device that is not
   * connected gets it when it reports again). Outlets must be the device's own or its kids'.
   */
  async savePingTargets(
    user: SessionUser,
    input: { siteId: string; devId: string; targets: PingTarget[] },
  ): Promise<DevicePing> {
    const { repo, devices, reconciler, clock } = this.deps;
    const target = await this.editable(user, input);
    const { row } = target;
    const spec = getDeviceSpec(devClassOf(row));
    if (row.parentDevId !== null || !takesPingTargets(spec)) {
      throw badRequest(networkErrors.noPing(row.devName.trim() || row.devId));
    }
    const kids = await devices.kidsOf(row.devId);
    const targets = checkOutlets(input.targets, [row, ...kids]);
    const reported = reportedPing(row)?.version ?? 0;
    const saved = await repo.saveTargets(row.devId, targets, reported, user.userId, clock.now());
    reconciler.saved(row.devId, saved.version);
    return pingView(row.devId, row, saved);
  }

  /** Marks an outlet of the device (or of its kid `devId`) as feeding the network, or not. */
  async setNetworkOutlet(
    user: SessionUser,
    input: { siteId: string; devId: string; otlt: number; feedsNetwork: boolean },
  ): Promise<NetworkOutlet> {
    const target = await this.editable(user, input);
    const { row } = target;
    const spec = getDeviceSpec(devClassOf(row));
    if (input.otlt > spec.outletCount) {
      const message = networkErrors.noSuchOutlet(input.otlt);
      throw badRequest(message, { otlt: message });
    }
    await this.deps.repo.setMark(
      row.devId,
      input.otlt,
      input.feedsNetwork,
      user.userId,
      this.deps.clock.now(),
    );
    const [outlet] = await this.deps.devices
      .outletsOf([row.devId])
      .then((rows) => rows.filter((o) => o.otltId === input.otlt));
    return {
      devId: row.devId,
      devClass: spec.devClass,
      otlt: input.otlt,
      name: outlet?.name1 ?? '',
      feedsNetwork: input.feedsNetwork,
      source: 'user',
    };
  }

  /** The device for a change: the level at the location first (403), then CLIENT refused. */
  private async editable(
    user: SessionUser,
    input: { siteId: string; devId: string },
  ): Promise<DeviceTarget> {
    const level = await requireLocationAccess(this.deps.permissions, user, input.siteId);
    if (!canChangeNetwork(level)) throw forbidden(networkErrors.clientRefused);
    return this.deps.access.resolve(user, input);
  }

  private node(at: DeviceAt) {
    const { row } = at;
    const contact = this.deps.access.contact(row, at.address);
    const ip = row.status.ip;
    return {
      devId: row.devId,
      devClass: devClassOf(row),
      devName: row.devName,
      connected: this.deps.access.connected(at),
      ip: typeof ip === 'string' ? ip : null,
      mac: macText(row),
      lastContact: contact.lastContact ?? seconds(row.lastContact),
      fwVer: row.fwVer,
    };
  }
}

/** A device's outlets (by its class) with their labels and network marks. */
function outletsOf(
  unit: DeviceRow,
  outletRows: readonly OutletRow[],
  marks: readonly NetworkMarkRow[],
): NetworkOutlet[] {
  const spec = getDeviceSpec(devClassOf(unit));
  return Array.from({ length: spec.outletCount }, (_, i) => {
    const otlt = i + 1;
    const label = outletRows.find((o) => o.devId === unit.devId && o.otltId === otlt);
    const mark = marks.find((m) => m.devId === unit.devId && m.otlt === otlt);
    return {
      devId: unit.devId,
      devClass: spec.devClass,
      otlt,
      name: label?.name1 ?? '',
      ...feedsNetwork(unit, otlt, mark),
    };
  });
}

/**
 * The targets with their outlets' device ids upper-cased; 400 naming the field when an outlet is
 * not of the device or its kids, or not on that unit.
 */
function checkOutlets(targets: readonly PingTarget[], units: readonly DeviceRow[]): PingTarget[] {
  return targets.map((target, t) => ({
    ...target,
    host: target.host.trim(),
    outlets: target.outlets.map((outlet, o) => {
      const devId = outlet.devId.toUpperCase();
      const unit = units.find((u) => u.devId === devId);
      const field = `targets.${t}.outlets.${o}`;
      if (!unit) {
        const message = networkErrors.notOurOutlet(devId);
        throw badRequest(message, { [field]: message });
      }
      if (outlet.otlt > getDeviceSpec(devClassOf(unit)).outletCount) {
        const message = networkErrors.noSuchOutlet(outlet.otlt);
        throw badRequest(message, { [field]: message });
      }
      return { devId, otlt: outlet.otlt };
    }),
  }));
}

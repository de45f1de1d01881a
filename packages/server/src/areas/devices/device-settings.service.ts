import {
  COMMAND_TTL_MS,
  type CommandResult,
  type DeviceSettings,
  type DeviceSettingsRead,
  type SessionUser,
  type WireSettings,
  canChangeDeviceSettings,
  checkDeviceSettings,
  decodeDeviceSettings,
  deviceSettingsMessages,
  encodeDeviceSettings,
  factorySettings,
  getDeviceSpec,
  settingFieldsOf,
  wireSettingsSchema,
} from '@powerdeck/domain';
import { badRequest, forbidden } from '../../http/errors';
import type { Clock } from '../../infra/clock';
import { ACK_GRACE_MS } from './command-tracker';
import type { DeviceAccess, DeviceTarget } from './device-access';
import type { DeviceControlService, TargetQuery } from './device-control.service';
import type { DeviceSettingsRepository } from './device-settings.repository';
import { devClassOf } from './device-views';
import type { DeviceRow, DevicesRepository } from './devices.repository';
import type { LiveEvents } from './live-events';

/** How long a settings read waits for the device before answering what it last reported. */
export const SETTINGS_READ_TTL_MS = 5_000;

/** How long a read and a save may wait for the device (tests shorten them). */
export interface SettingsTimes {
  readTtlMs: number;
  saveTtlMs: number;
}

const DEFAULT_TIMES: SettingsTimes = { readTtlMs: SETTINGS_READ_TTL_MS, saveTtlMs: COMMAND_TTL_MS };

/**
 * A device's settings as the console knows them without asking: what it last reported (its
 * `info.settings`, wire form) over its class's factory values, and its console name. `reportedAt`
 * is null when it never reported any.
 */
export function knownSettings(row: DeviceRow): {
  settings: DeviceSettings;
  reportedAt: number | null;
} {
  const spec = getDeviceSpec(devClassOf(row));
  const stored = wireSettingsSchema.safeParse(row.info.settings);
  const at = row.info.settingsAt;
  const reported = stored.success ? ownSettings(row, stored.data) : {};
  return {
    settings: { ...factorySettings(spec), ...reported, name: row.devName },
    reportedAt: stored.success && typeof at === 'number' ? Math.floor(at / 1000) : null,
  };
}

/** The settings of the row's class among what a device answered (others are dropped). */
function ownSettings(row: DeviceRow, wire: WireSettings): DeviceSettings {
  const own = new Set<string>(settingFieldsOf(getDeviceSpec(devClassOf(row)).settings));
  const { settings } = decodeDeviceSettings(wire);
  return Object.fromEntries(Object.entries(settings).filter(([key]) => own.has(key)));
}

/**
 * Device settings (issue 14): read from the device through the protocol (a `settings` command
 * without values; its ack's result is the settings), saved as a `settings` command with the changed
 * values through the command path of a click (lifecycle, audit log, live command events). What
 * the device reports is kept, so the console knows its sequence and cycle groups; a change is kept
 * only once the device acknowledged it.
 */
export class DeviceSettingsService {
  constructor(
    private readonly deps: {
      repo: DeviceSettingsRepository;
      devices: DevicesRepository;
      access: DeviceAccess;
      control: DeviceControlService;
      events: LiveEvents;
      clock: Clock;
      times?: Partial<SettingsTimes>;
    },
  ) {
    this.times = { ...DEFAULT_TIMES, ...deps.times };
  }

  private readonly times: SettingsTimes;

  /** Any level may read; a device that does not answer in 5 s gets what it last reported. */
  async read(user: SessionUser, query: TargetQuery): Promise<DeviceSettingsRead> {
    const target = await this.deps.access.resolve(user, query);
    const { row } = target;
    const connected = this.deps.access.connected(target);
    const base = { devId: row.devId, devClass: devClassOf(row), fwVer: row.fwVer, connected };
    const answer = connected ? await this.ask(user, target) : undefined;
    if (answer) {
      const now = Math.floor(this.deps.clock.now().getTime() / 1000);
      const settings = { ...knownSettings(row).settings, ...ownSettings(row, answer) };
      return {
        ...base,
        source: 'device',
        reportedAt: now,
        settings: { ...settings, name: row.devName },
      };
    }
    const known = knownSettings(row);
    if (known.reportedAt === null && !connected) {
      return { ...base, source: 'none', reportedAt: null, settings: null };
    }
    return { ...base, source: 'stored', reportedAt: known.reportedAt, settings: known.settings };
  }

  /**
   * Sends the changed settings (CLIENT 403; each checked against the class, 400 with the field);
   * answers `{cmdId, state}` at once. The console keeps them when the device acknowledges.
   */
  async save(
    user: SessionUser,
    query: TargetQuery,
    values: DeviceSettings,
  ): Promise<CommandResult> {
    const target = await this.deps.access.resolve(user, query);
    if (!canChangeDeviceSettings(target.permLvl)) throw forbidden(deviceSettingsMessages.refused);
    if (Object.keys(values).length === 0) throw badRequest(deviceSettingsMessages.nothingToSave);
    const spec = getDeviceSpec(devClassOf(target.row));
    const problems = checkDeviceSettings(spec, target.row.fwVer, values);
    const [first] = Object.values(problems);
    if (first !== undefined) throw badRequest(first, problems);
    const sent = encodeDeviceSettings(values);
    return this.deps.control.commandAt(
      user,
      target,
      'settings',
      { values: sent },
      {
        ttlMs: this.times.saveTtlMs,
        onFinal: async (result, answer) => {
          if (result.state !== 'done') return;
          const reported = wireSettingsSchema.safeParse(answer);
          const previous = wireSettingsSchema.safeParse(target.row.info.settings);
          const wire = reported.success
            ? reported.data
            : { ...(previous.success ? previous.data : {}), ...sent };
          const name = values.name?.trim();
          if (name !== undefined && name !== target.row.devName) {
            await this.deps.devices.rename(target.row.devId, name);
          }
          await this.keep(target, wire, true);
        },
      },
    );
  }

  /** `infoupd`, `familyupd`: asks the device to report again; what it answers is kept. */
  async refresh(user: SessionUser, query: TargetQuery): Promise<CommandResult> {
    const target = await this.deps.access.resolve(user, query);
    return this.deps.control.commandAt(
      user,
      target,
      'settings',
      { values: {} },
      {
        onFinal: async (result, answer) => {
          const wire = wireSettingsSchema.safeParse(answer);
          if (result.state === 'done' && wire.success) await this.keep(target, wire.data, false);
        },
      },
    );
  }

  /** A settings read; resolves with the device's answer, or undefined when it gave none. */
  private ask(user: SessionUser, target: DeviceTarget): Promise<WireSettings | undefined> {
    return new Promise((resolve) => {
      // the command expires before this; it only guards against a follow-up that never runs
      const guard = setTimeout(() => resolve(undefined), this.times.readTtlMs + ACK_GRACE_MS * 2);
      guard.unref();
      const settle = (wire: WireSettings | undefined) => {
        clearTimeout(guard);
        resolve(wire);
      };
      this.deps.control
        .commandAt(
          user,
          target,
          'settings',
          { values: {} },
          {
            ttlMs: this.times.readTtlMs,
            onFinal: async (result, answer) => {
              const wire = wireSettingsSchema.safeParse(answer);
              if (result.state !== 'done' || !wire.success) return settle(undefined);
              await this.keep(target, wire.data, false).catch(() => undefined);
              settle(wire.data);
            },
          },
        )
        .catch(() => settle(undefined));
    });
  }

  /**
   * Keeps what the device reported; open panels read the device again when it changed (their
   * sequence and cycle groups come from here).
   */
  private async keep(target: DeviceTarget, wire: WireSettings, changed: boolean): Promise<void> {
    const before = JSON.stringify(target.row.info.settings ?? null);
    await this.deps.repo.store(target.row.devId, wire, this.deps.clock.now());
    if (changed || before !== JSON.stringify(wire)) {
      this.deps.events.publish({ type: 'device', ...target.address, change: 'info' });
    }
  }
}

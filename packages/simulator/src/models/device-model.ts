import type {
  DeviceCommand,
  DeviceEvent,
  DeviceStatus,
  DiscoveredUnit,
  DiscoveryReason,
  EventType,
  OutletInfo,
  PingOutlet,
  PowerCondition,
  SequenceState,
  WireSettings,
} from '@powerdeck/domain';
import {
  ACK_ERRORS,
  encodeDeviceSettings,
  powerConditionCode,
  timezoneOffsetMinutes,
} from '@powerdeck/domain';
import { Rng } from '../rng';
import type { Scheduler, Timer } from '../scheduler';
import type { ClassFacts } from './class-facts';
import { FirmwareAgent, type FirmwareHost } from './firmware';
import { PingAgent, type PingHost, SimulatedHosts, deviceIp, stableHash } from './ping';
import { loadFactor } from './load-profile';
import type { DeviceSettings } from './settings';
import { initialSettings, mergeSettings, sequencePlan } from './settings';
import type { ModelFaults, ModelSink, ModelTiming, Outcome } from './types';
import { DEFAULT_TIMING } from './types';

export interface ModelOptions {
  devId: string;
  facts: ClassFacts;
  scheduler: Scheduler;
  seed: number;
  name?: string;
  fwVer?: string;
  timing?: Partial<ModelTiming>;
  /** Settings the device was configured with (wire form), over its class's factory values. */
  settings?: WireSettings;
  /** The outlet the device's own network uplink (the site's modem) is plugged into. */
  uplinkOtlt?: number;
  /** Hosts plugged into an outlet of the device: they answer pings only while it is on. */
  hostOutlets?: Readonly<Record<string, number>>;
  /** The hosts its ping targets name (a kid shares its parent's); a new registry otherwise. */
  hosts?: SimulatedHosts;
}

/** Why a discovery fails when a fault says so (`timedOut`: the scan never ends). */
export type DiscoveryFault = Extract<DiscoveryReason, 'timedOut' | 'noBus' | 'busy'>;

/**
 * Reported whatever the event subscriptions say, unless the class offers them as a choice: the
 * progress of an upgrade or a discovery the console runs, and auto-ping's reports.
 */
const REPORTED_UNLESS_CHOSEN: ReadonlySet<EventType> = new Set([
  'firmware',
  'discover',
  'ping',
  'autoReboot',
]);

interface Outlet {
  on: boolean;
  /** Normal current draw in A (W for DC outputs) when on. */
  load: number;
  busy: boolean;
  info: OutletInfo;
}

const fail = (error: string): Outcome => ({ ok: false, error });

/**
 * One simulated device or kid: a pure state machine. Time only moves through the injected
 * scheduler; reports leave through the sink. Family modules extend it with their meters.
 */
export class DeviceModel {
  readonly devId: string;
  readonly facts: ClassFacts;
  readonly kids: DeviceModel[] = [];
  protected readonly scheduler: Scheduler;
  protected readonly rng: Rng;
  protected readonly timing: ModelTiming;
  protected readonly outlets: Outlet[];
  protected condition: PowerCondition = 'normal';
  protected readonly faults: ModelFaults = { overload: 1 };
  protected settings: DeviceSettings;
  /** Periodic report interval (the status interval setting, or the model's timing). */
  private statusIntervalMs: number;
  /** How far the device clock is off; a clock source setting syncs it. */
  private clockSkewMs: number;
  /** Outlet states when output power went, for a power-on state of `last`. */
  private beforePowerLoss: boolean[] | undefined;
  protected lastSettled: number;
  private name: string;
  private fwVer: string;
  private bootedAt: number;
  /**
   * The boot number and report number of the protocol's report order. A real device keeps a boot
   * counter in flash; the simulator keeps nothing across its own restarts, so it numbers a boot by
   * its clock's second (which only grows), never less than one more than the boot before.
   */
  private boot: number;
  private seq = 0;
  private sink: ModelSink | undefined;
  private reportTimer: Timer | undefined;
  private fastUntil = 0;
  private findMeTimer: Timer | undefined;
  private sequencing = false;
  private sequenceState: SequenceState = 'completed';
  private rebooting = false;
  /** The device side of firmware upgrades (`firmware` command). */
  readonly firmware: FirmwareAgent = new FirmwareAgent(this.firmwareHost());
  /** Auto-ping (`pingConfig` command), on a class that takes ping targets. */
  readonly ping: PingAgent | undefined;
  /** The hosts its ping targets name; fault injection takes them down. */
  readonly hosts: SimulatedHosts;
  /** Units on its bus or radio that it does not report until a discovery finds them. */
  readonly undiscovered: DeviceModel[] = [];
  /** Fault injection: discoveries fail with this (until cleared). */
  discoveryFault: DiscoveryFault | undefined;
  private discovering = false;
  private readonly uplinkOtlt: number | undefined;
  private readonly hostOutlets: ReadonlyMap<string, number>;

  constructor(opts: ModelOptions) {
    this.devId = opts.devId;
    this.facts = opts.facts;
    this.scheduler = opts.scheduler;
    this.rng = new Rng(opts.seed);
    this.timing = { ...DEFAULT_TIMING, ...opts.timing };
    this.name = opts.name ?? `${opts.facts.devClass.toUpperCase()} ${opts.devId.slice(-4)}`;
    this.fwVer = opts.fwVer ?? '2.4.1';
    this.bootedAt = this.scheduler.now();
    this.lastSettled = this.bootedAt;
    const all = Array.from({ length: opts.facts.outletCount }, (_, i) => i + 1);
    this.settings = initialSettings(opts.facts.devClass, this.timing, opts.settings);
    this.statusIntervalMs = this.timing.reportIntervalMs;
    this.clockSkewMs = this.timing.clockSkewMs;
    this.boot = this.sysTime();
    this.outlets = all.map((n) => ({
      on: true,
      load: this.initialLoad(n),
      busy: false,
      info: this.initialInfo(n),
    }));
    const outletOf = (otlt: number, what: string) => {
      if (!Number.isInteger(otlt) || otlt < 1 || otlt > this.outlets.length) {
        throw new Error(`${what}: ${this.devClass} has no outlet ${otlt}`);
      }
      return otlt;
    };
    this.uplinkOtlt =
      opts.uplinkOtlt === undefined ? undefined : outletOf(opts.uplinkOtlt, 'uplinkOtlt');
    this.hostOutlets = new Map(
      Object.entries(opts.hostOutlets ?? {}).map(([host, otlt]) => [
        hostKey(host),
        outletOf(otlt, `host ${host}`),
      ]),
    );
    this.hosts = opts.hosts ?? new SimulatedHosts();
    this.ping = opts.facts.pingTargets ? new PingAgent(this.pingHost()) : undefined;
  }

  get devClass(): string {
    return this.facts.devClass;
  }

  /** Starts periodic reports into `sink` (first one at a random point of the interval). */
  attach(sink: ModelSink): void {
    this.sink = sink;
    this.ping?.resume();
    this.scheduleReport(this.rng.range(0, this.reportInterval()));
  }

  /** Stops every timer of the model and its kids. */
  detach(): void {
    this.sink = undefined;
    this.reportTimer?.cancel();
    this.reportTimer = undefined;
    this.ping?.stop();
    for (const kid of this.kids) kid.detach();
  }

  /** Device clock in Unix seconds. */
  sysTime(): number {
    return Math.floor((this.scheduler.now() + this.clockSkewMs) / 1000);
  }

  /** Device clock in Unix milliseconds (what a command's `expires` is compared with). */
  clockMs(): number {
    return this.scheduler.now() + this.clockSkewMs;
  }

  outletStates(): boolean[] {
    return this.outlets.map((o) => o.on);
  }

  powerCondition(): PowerCondition {
    return this.condition;
  }

  /** Fault injection: mains change (brownout, surge, loss, battery test, recovery). */
  setPowerCondition(condition: PowerCondition): void {
    if (condition === this.condition) return;
    this.settle();
    const hadPower = this.hasOutputPower();
    this.condition = condition;
    this.emitEvent('power', powerConditionCode(condition));
    this.onPowerChange();
    if (hadPower !== this.hasOutputPower()) this.onOutputPower(!hadPower);
    this.reportChange();
  }

  /** Fault injection: loads draw `factor` times their normal current (1 clears it). */
  setOverload(factor: number): void {
    this.settle();
    this.faults.overload = factor;
    this.onLoadChange();
    this.reportChange();
  }

  /** Sets the normal draw of one outlet (A, or W for DC outputs): a device plugged in or out. */
  setLoad(otlt: number, load: number): void {
    const outlet = this.outlets[otlt - 1];
    if (!outlet) return;
    this.settle();
    outlet.load = Math.max(0, load);
    this.onLoadChange();
    this.reportChange();
  }

  /** Fault injection: the next sequence stops at outlet `otlt` (undefined clears it). */
  failSequenceAt(otlt: number | undefined): void {
    this.faults.sequenceFailsAt = otlt;
  }

  /** The full status as it goes on the wire. */
  status(): DeviceStatus {
    this.settle();
    const status: DeviceStatus = {
      devClass: this.facts.devClass,
      sysTime: this.sysTime(),
      uptime: Math.floor((this.scheduler.now() - this.bootedAt) / 1000),
      boot: this.boot,
      seq: this.seq++,
      name: this.name,
      fwVer: this.fwVer,
      otlts: this.outletStates(),
      interval: Math.round(this.reportInterval() / 1000),
    };
    if (this.facts.outletCount > 0) status.outlets = this.outlets.map((o) => ({ ...o.info }));
    if (this.facts.sequence) status.lastseqstate = this.sequenceState;
    const cycling = this.outlets.flatMap((o, i) => (o.busy ? [i + 1] : []));
    if (cycling.length > 0) status.cycling = cycling;
    if (this.facts.findMe) status.findMe = this.findMeTimer !== undefined;
    if (!this.facts.isChild) status.ip = deviceIp(this.devId);
    // a plug's signal at its gateway: steady per unit, between -40 and -84 dBm
    if (this.facts.wireless) status.rssi = -40 - (stableHash(this.devId) % 45);
    if (this.uplinkOtlt !== undefined) status.uplinkOtlt = this.uplinkOtlt;
    if (this.ping) status.ping = this.ping.status();
    this.addMeters(status);
    return status;
  }

  /** Runs a validated command; expiry and duplicates are the CommandProcessor's job. */
  execute(command: DeviceCommand): Promise<Outcome> {
    if (this.rebooting) return Promise.resolve(fail(ACK_ERRORS.rebooting));
    this.settle();
    switch (command.svc) {
      case 'setOutlet':
        return this.setOutlet(command.args.otlt, command.args.state === 1);
      case 'cycleOutlet':
        return this.cycle([command.args.otlt]);
      case 'cycleGroup':
        return this.cycle(command.args.otlts ?? this.settings.cycleGroup ?? []);
      case 'sequence':
        return this.sequence(command.args.state === 1);
      case 'reboot':
        return Promise.resolve(this.reboot());
      case 'rename':
        return Promise.resolve(this.rename(command.args.name));
      case 'findMe':
        return Promise.resolve(this.findMe());
      case 'autoStatusUpdate':
        return Promise.resolve(this.autoStatusUpdate(command.args.duration));
      case 'setOutletInfo':
        return Promise.resolve(this.setOutletInfo(command.args.outlets));
      case 'settings':
        return Promise.resolve(this.applySettings(command.args.values ?? {}));
      case 'firmware':
        return this.firmware.handle(command.args);
      case 'pingConfig':
        return Promise.resolve(
          this.ping ? this.ping.configure(command.args) : fail(ACK_ERRORS.notSupported),
        );
      case 'discover':
        return this.discover();
      case 'credentials':
        return Promise.resolve(this.takeSecret(command.args.secret));
    }
  }

  private takeSecret(secret: string): Outcome {
    if (!this.sink?.newSecret) return fail(ACK_ERRORS.notSupported);
    this.sink.newSecret(secret);
    return { ok: true };
  }

  // ---- hooks for families -------------------------------------------------------------------

  /** Brings time-dependent state (battery, temperature) up to now. */
  protected settle(): void {
    this.lastSettled = this.scheduler.now();
  }

  /** Adds the family's meters to a status. */
  protected addMeters(_status: DeviceStatus): void {}

  /** Whether an outlet may be switched on right now; an error code when not. */
  protected refuseSwitchOn(_otlt: number): string | undefined {
    return undefined;
  }

  /** Whether outlets have power to switch on at all (a cycle or sequence fails without it). */
  protected hasOutputPower(): boolean {
    return this.condition !== 'lost';
  }

  protected onPowerChange(): void {}
  protected onLoadChange(): void {}

  protected initialLoad(_otlt: number): number {
    return this.rng.range(0.1, 1.6);
  }

  protected initialInfo(otlt: number): OutletInfo {
    const info: OutletInfo = { otltId: otlt, name1: `Outlet ${otlt}`, locked: false };
    if (this.facts.bankLabelCount >= 2) info.name2 = '';
    if (this.facts.bankLabelCount >= 3) info.name3 = '';
    return info;
  }

  /**
   * Current draw of outlet `i` (0-based) now: its load at this local time of day and week (the
   * timing's load profile), with a little drift; 0 when off.
   */
  protected outletDraw(i: number): number {
    const outlet = this.outlets[i];
    if (!outlet?.on) return 0;
    const noise = 1 + this.rng.noise(0.02);
    return Math.max(0, outlet.load * this.faults.overload * this.profileFactor() * noise);
  }

  /** The share of the rated loads drawn now (1 with a flat profile). */
  protected profileFactor(): number {
    if (this.timing.loadProfile === 'flat') return 1;
    return loadFactor(this.scheduler.now() + this.utcOffsetMs());
  }

  /** The device's time zone offset (its timezone setting; GMT when it has none). */
  private utcOffsetMs(): number {
    return (timezoneOffsetMinutes(this.settings.timezone ?? '0') ?? 0) * 60_000;
  }

  // ---- reporting --------------------------------------------------------------------------

  protected emitEvent(
    type: EventType,
    value: DeviceEvent['value'],
    outlet?: number,
    target?: number,
  ): void {
    // event subscriptions: a type left out is not reported (see REPORTED_UNLESS_CHOSEN)
    const subscribed = this.settings.events;
    const chosen = !REPORTED_UNLESS_CHOSEN.has(type) || this.facts.eventChoices.includes(type);
    if (subscribed && chosen && !subscribed.includes(type)) return;
    const event: DeviceEvent = { type, value, time: this.sysTime() };
    if (outlet !== undefined) event.outlet = outlet;
    if (target !== undefined) event.target = target;
    this.sink?.event(event);
  }

  /** Publishes a status at once because something changed, and restarts the periodic timer. */
  protected reportChange(): void {
    if (!this.sink) return;
    this.sink.status(this.status(), true);
    this.scheduleReport(this.reportInterval());
  }

  private reportInterval(): number {
    return this.scheduler.now() < this.fastUntil
      ? this.timing.fastReportIntervalMs
      : this.statusIntervalMs;
  }

  private scheduleReport(delayMs: number): void {
    this.reportTimer?.cancel();
    this.reportTimer = this.scheduler.after(delayMs, () => {
      this.sink?.status(this.status(), false);
      this.scheduleReport(this.reportInterval());
    });
  }

  // ---- commands ---------------------------------------------------------------------------

  /** Flips a relay and tells the family the load changed (unless `quiet`, when shedding). */
  protected switchOutlet(otlt: number, on: boolean, quiet = false): void {
    const outlet = this.outlets[otlt - 1];
    if (!outlet || outlet.on === on) return;
    this.settle();
    outlet.on = on;
    this.emitEvent('outlet', on ? 1 : 0, otlt);
    if (!quiet) this.onLoadChange();
  }

  private relayDelay(): number {
    const [min, max] = this.timing.switchDelayMs;
    return Math.round(this.rng.range(min, max));
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.scheduler.after(ms, resolve));
  }

  private async setOutlet(otlt: number, on: boolean): Promise<Outcome> {
    const outlet = this.outlets[otlt - 1];
    if (!outlet) return fail(ACK_ERRORS.noSuchOutlet);
    if (outlet.info.locked) return fail(ACK_ERRORS.locked);
    if (outlet.busy || this.sequencing) return fail(ACK_ERRORS.busy);
    if (outlet.on === on) return { ok: true, result: { otlt, state: on ? 1 : 0 } };
    if (on) {
      const refused = this.hasOutputPower() ? this.refuseSwitchOn(otlt) : ACK_ERRORS.powerLost;
      if (refused) return fail(refused);
    }
    outlet.busy = true;
    await this.wait(this.relayDelay());
    outlet.busy = false;
    this.switchOutlet(otlt, on);
    this.reportChange();
    return { ok: true, result: { otlt, state: outlet.on ? 1 : 0 } };
  }

  /** Off, wait, on — for one outlet or a cycle group together. Locks do not stop a cycle. */
  private async cycle(otlts: readonly number[]): Promise<Outcome> {
    const targets = [...new Set(otlts)];
    const refused = this.cycleRefusal(targets);
    if (refused) return fail(refused);
    const outlets = targets.map((n) => this.outlets[n - 1]);
    for (const o of outlets) if (o) o.busy = true;
    const release = () => outlets.forEach((o) => o && (o.busy = false));
    this.emitEvent('cycle', 'in-progress', targets.length === 1 ? targets[0] : undefined);
    await this.wait(this.relayDelay());
    for (const n of targets) this.switchOutlet(n, false);
    this.reportChange();
    await this.wait((this.settings.cycleOffSec ?? this.timing.cycleOffMs / 1000) * 1000);
    if (!this.hasOutputPower()) {
      release();
      this.emitEvent('cycle', 'failed', targets.length === 1 ? targets[0] : undefined);
      this.reportChange();
      return fail(ACK_ERRORS.powerLost);
    }
    await this.wait(this.relayDelay());
    for (const n of targets) this.switchOutlet(n, true);
    release();
    this.emitEvent('cycle', 'inactive', targets.length === 1 ? targets[0] : undefined);
    this.reportChange();
    return { ok: true, result: { otlts: targets, states: this.outletStates() } };
  }

  /** Why a cycle of these outlets cannot start now; undefined when it can. */
  private cycleRefusal(otlts: readonly number[]): string | undefined {
    if (otlts.length === 0) return ACK_ERRORS.invalid;
    const outlets = otlts.map((n) => this.outlets[n - 1]);
    if (outlets.some((o) => !o)) return ACK_ERRORS.noSuchOutlet;
    if (outlets.some((o) => o?.busy) || this.sequencing) return ACK_ERRORS.busy;
    return undefined;
  }

  /**
   * Switches the sequence group one outlet at a time, each after its delay: in the group's order
   * on power on, in reverse on power off (settings.ts `sequencePlan`).
   */
  protected async sequence(on: boolean): Promise<Outcome> {
    if (!this.facts.sequence) return fail(ACK_ERRORS.notSupported);
    if (this.sequencing || this.outlets.some((o) => o.busy)) return fail(ACK_ERRORS.busy);
    const plan = sequencePlan(this.settings, this.outlets.length, this.timing.sequenceStepMs, on);
    if (plan.length === 0) return fail(ACK_ERRORS.noSequenceGroup);
    if (plan.every((s) => this.outlets[s.otlt - 1]?.on === on)) {
      return fail(ACK_ERRORS.alreadyInState);
    }
    this.sequencing = true;
    this.sequenceState = on ? 'power-on' : 'power-off';
    this.emitEvent('sequence', this.sequenceState);
    this.reportChange();
    for (const { otlt, waitMs } of plan) {
      if (waitMs > 0) await this.wait(waitMs);
      if (this.faults.sequenceFailsAt === otlt || (on && !this.hasOutputPower())) {
        this.faults.sequenceFailsAt = undefined;
        return this.endSequence(fail(ACK_ERRORS.sequenceFailed), 'failed', otlt);
      }
      await this.wait(this.relayDelay());
      this.switchOutlet(otlt, on);
      this.reportChange();
    }
    return this.endSequence({ ok: true, result: { otlts: this.outletStates() } }, 'completed');
  }

  private endSequence(outcome: Outcome, state: SequenceState, at?: number): Outcome {
    this.sequencing = false;
    this.sequenceState = state;
    this.emitEvent('sequence', state, at);
    this.reportChange();
    return outcome;
  }

  private reboot(): Outcome {
    if (!this.facts.reboot) return fail(ACK_ERRORS.notSupported);
    // Acknowledge first, then go down: the ack must leave before the connection does.
    this.scheduler.after(0, () => {
      this.rebooting = true;
      this.emitEvent('reboot', 'restarting');
      this.sink?.reboot(this.timing.rebootDownMs);
      this.scheduler.after(this.timing.rebootDownMs, () => {
        this.rebooting = false;
        this.bootedAt = this.scheduler.now();
        this.boot = Math.max(this.boot + 1, this.sysTime());
        this.seq = 0;
        this.reportChange();
      });
    });
    return { ok: true, result: { downSec: this.timing.rebootDownMs / 1000 } };
  }

  private rename(name: string): Outcome {
    this.name = name.trim();
    this.emitEvent('info', 'name');
    this.reportChange();
    return { ok: true, result: { name: this.name } };
  }

  private findMe(): Outcome {
    if (!this.facts.findMe) return fail(ACK_ERRORS.notSupported);
    this.findMeTimer?.cancel();
    this.emitEvent('findMe', 1);
    this.findMeTimer = this.scheduler.after(this.timing.findMeMs, () => {
      this.findMeTimer = undefined;
      this.emitEvent('findMe', 0);
      this.reportChange();
    });
    this.reportChange();
    return { ok: true, result: { seconds: this.timing.findMeMs / 1000 } };
  }

  private autoStatusUpdate(durationSec: number): Outcome {
    this.fastUntil = this.scheduler.now() + durationSec * 1000;
    this.reportChange();
    return { ok: true, result: { interval: this.timing.fastReportIntervalMs / 1000 } };
  }

  private setOutletInfo(infos: readonly OutletInfo[]): Outcome {
    if (infos.some((i) => i.otltId > this.outlets.length)) return fail(ACK_ERRORS.noSuchOutlet);
    for (const info of infos) {
      const outlet = this.outlets[info.otltId - 1];
      if (outlet) outlet.info = { ...info };
    }
    this.emitEvent('info', 'outlets');
    this.reportChange();
    return { ok: true, result: { outlets: infos.length } };
  }

  /**
   * The `settings` command: empty values read them, others write them (all or nothing, see
   * `mergeSettings`). The answer is every setting, as on the wire.
   */
  private applySettings(values: WireSettings): Outcome {
    const next = mergeSettings(this.settings, values, this.facts.devClass, this.fwVer);
    if (typeof next === 'string') return fail(next);
    const before = this.settings;
    // the name is the device's own (the rename command changes it too), not kept twice
    const { name, ...settings } = next;
    this.settings = settings;
    if (name !== undefined && name.trim() !== this.name) {
      this.name = name.trim();
      this.emitEvent('info', 'name');
    }
    if (next.statusIntervalSec !== before.statusIntervalSec && next.statusIntervalSec) {
      this.statusIntervalMs = next.statusIntervalSec * 1000;
    }
    if (next.clockSource !== before.clockSource || next.ntpServer !== before.ntpServer) {
      // the device sets its clock from its new source at once
      this.clockSkewMs = 0;
    }
    if (Object.keys(values).length > 0) {
      this.emitEvent('info', 'settings');
      this.reportChange();
    }
    return { ok: true, result: encodeDeviceSettings({ name: this.name, ...this.settings }) };
  }

  /**
   * Output power went (`restored` false) or came back: relays drop with the power, and when it
   * returns each outlet takes its power-on state (on, off, or as it was before).
   */
  private onOutputPower(restored: boolean): void {
    if (!restored) {
      this.beforePowerLoss = this.outletStates();
      this.outlets.forEach((o, i) => o.on && this.switchOutlet(i + 1, false, true));
      return;
    }
    const before = this.beforePowerLoss ?? this.outletStates();
    this.beforePowerLoss = undefined;
    this.outlets.forEach((_, i) => {
      const state = this.settings.powerOn?.[i] ?? 'last';
      const on = state === 'last' ? (before[i] ?? false) : state === 'on';
      this.switchOutlet(i + 1, on, true);
    });
    this.onLoadChange();
  }

  // ---- auto-ping and discovery ------------------------------------------------------------

  /** The device itself or one of its kids, by id. */
  private unitOf(devId: string): DeviceModel | undefined {
    return devId === this.devId ? this : this.kids.find((k) => k.devId === devId);
  }

  /**
   * Whether a ping to `host` is answered: not while the outlet feeding the site's uplink (or the
   * host itself) is off, nor while a fault holds the host down.
   */
  private answers(host: string): boolean {
    const powered = (otlt: number | undefined) =>
      otlt === undefined || this.outlets[otlt - 1]?.on === true;
    return (
      powered(this.uplinkOtlt) &&
      powered(this.hostOutlets.get(hostKey(host))) &&
      this.hosts.answers(host)
    );
  }

  /**
   * An auto-reboot: each unit cycles its named outlets together, as a cycle command does; those
   * it cannot cycle now (already cycling, a sequence running) are left alone. Answers the outlets
   * whose cycle started.
   */
  private autoCycle(outlets: readonly PingOutlet[]): PingOutlet[] {
    const byUnit = new Map<string, number[]>();
    for (const o of outlets) byUnit.set(o.devId, [...(byUnit.get(o.devId) ?? []), o.otlt]);
    const started: PingOutlet[] = [];
    for (const [devId, otlts] of byUnit) {
      const unit = this.unitOf(devId);
      const targets = [...new Set(otlts)];
      if (!unit || unit.cycleRefusal(targets)) continue;
      void unit.cycle(targets);
      started.push(...targets.map((otlt) => ({ devId, otlt })));
    }
    return started;
  }

  private pingHost(): PingHost {
    return {
      clockMs: () => this.clockMs(),
      utcOffsetMs: () => this.utcOffsetMs(),
      after: (delayMs, run) => this.scheduler.after(delayMs, run),
      timeScale: () => this.timing.pingTimeScale,
      running: () => !this.rebooting,
      answers: (host) => this.answers(host),
      hasOutlet: ({ devId, otlt }) => otlt <= (this.unitOf(devId)?.outlets.length ?? 0),
      cycle: (outlets) => this.autoCycle(outlets),
      event: (type, value, fields) => this.emitEvent(type, value, fields.outlet, fields.target),
      changed: () => this.reportChange(),
    };
  }

  /**
   * The `discover` command: scans the bus (or radio) for attached units, reporting each phase as a
   * `discover` event, and answers every unit there, known or new. A new one reports as a kid from
   * then on (a moment after the answer, so the console has added it by then).
   */
  private async discover(): Promise<Outcome> {
    if (!this.facts.discovers) return fail('notSupported' satisfies DiscoveryReason);
    if (this.discovering) return fail('busy' satisfies DiscoveryReason);
    this.discovering = true;
    const { discoverStepMs, discoverScanMs } = this.timing;
    this.emitEvent('discover', 'starting');
    await this.wait(discoverStepMs);
    this.emitEvent('discover', 'scanning');
    await this.wait(discoverScanMs);
    const fault = this.discoveryFault;
    if (fault === 'timedOut') {
      // the scan never ends: no answer, the console gives up; a later run may start
      this.discovering = false;
      return new Promise<Outcome>(() => undefined);
    }
    if (fault) {
      this.discovering = false;
      this.emitEvent('discover', `failed:${fault}`);
      return fail(fault);
    }
    const found = this.undiscovered.splice(0);
    this.kids.push(...found);
    const units = this.kids.map((k): DiscoveredUnit => ({
      devId: k.devId,
      devClass: k.facts.devClass,
      name: k.name,
    }));
    this.emitEvent('discover', `found:${units.length}`);
    await this.wait(discoverStepMs);
    this.discovering = false;
    this.emitEvent('discover', 'done');
    if (found.length > 0) {
      this.scheduler.after(discoverStepMs, () => found.forEach((k) => this.sink?.kidAdded?.(k)));
    }
    return { ok: true, result: { units } };
  }

  // ---- firmware ---------------------------------------------------------------------------

  private firmwareHost(): FirmwareHost {
    return {
      devClass: () => this.facts.devClass,
      fwVer: () => this.fwVer,
      now: () => this.scheduler.now(),
      wait: (ms) => this.wait(ms),
      timing: () => this.timing,
      event: (value) => this.emitEvent('firmware', value),
      online: () => this.sink?.online?.() ?? this.sink !== undefined,
      rebootInto: (version, downMs) => {
        this.rebooting = true;
        this.sink?.reboot(downMs);
        this.scheduler.after(downMs, () => {
          this.fwVer = version;
          this.rebooting = false;
          this.bootedAt = this.scheduler.now();
          this.reportChange();
        });
      },
    };
  }
}

const hostKey = (host: string) => host.trim().toLowerCase();

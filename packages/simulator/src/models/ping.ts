import {
  ACK_ERRORS,
  type DeviceEvent,
  type PingConfigArgs,
  type PingOutlet,
  type PingRuntime,
  type PingStatus,
  type WirePingTarget,
  samplePing,
  startPingRuntime,
} from '@powerdeck/domain';
import type { Timer } from '../scheduler';
import type { Outcome } from './types';

/**
 * The hosts a device's ping targets name, as the simulator models them: every host answers
 * unless a fault took it down (`ping:DEVID:HOST`). One registry per device (shared with its kids),
 * so a fault at one site does not silence the same address at another.
 */
export class SimulatedHosts {
  private readonly down = new Set<string>();

  /** Fault injection: `host` stops answering (`false` brings it back). */
  setDown(host: string, down = true): void {
    if (down) this.down.add(key(host));
    else this.down.delete(key(host));
  }

  /** Every host answers again. */
  clear(): void {
    this.down.clear();
  }

  answers(host: string): boolean {
    return !this.down.has(key(host));
  }
}

const key = (host: string) => host.trim().toLowerCase();

/** 32-bit FNV-1a of a text: a stable number per device id. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The address a device reached directly has on its site's network: a private 10.x.y.z derived
 * from its id, the same every run (never .0, .1 — the site's router — or .255).
 */
export function deviceIp(devId: string): string {
  const h = stableHash(devId);
  return `10.${(h >>> 24) & 0xff}.${(h >>> 16) & 0xff}.${2 + ((h & 0xffff) % 253)}`;
}

/** What the ping agent needs of its device model. */
export interface PingHost {
  /** Device clock, Unix ms. */
  clockMs(): number;
  /** The device's offset from UTC (its clock setting): its day ends at its midnight. */
  utcOffsetMs(): number;
  after(delayMs: number, run: () => void): Timer;
  /** Auto-ping's fraction of real time (ModelTiming.pingTimeScale). */
  timeScale(): number;
  /** Whether the device runs now (a rebooting device does not ping). */
  running(): boolean;
  /** Whether a ping to `host` is answered now. */
  answers(host: string): boolean;
  /** Whether the device (or its kid) has that outlet. */
  hasOutlet(outlet: PingOutlet): boolean;
  /**
   * Cycles the outlets (the device's own or a kid's) the way a cycle command does; answers those
   * whose cycle started (not one already cycling).
   */
  cycle(outlets: readonly PingOutlet[]): readonly PingOutlet[];
  event(
    type: 'ping' | 'autoReboot',
    value: string,
    fields: Pick<DeviceEvent, 'target' | 'outlet'>,
  ): void;
  /** Publishes a status now (a state or a version changed). */
  changed(): void;
}

interface RunningTarget {
  config: WirePingTarget;
  runtime: PingRuntime;
  timer: Timer | undefined;
}

const DAY_MS = 86_400_000;

/**
 * The device side of auto-ping (docs/device-protocol.md "Auto-ping"): keeps the targets of the
 * newest `pingConfig` it was sent, pings each every tenth of its window (scaled by the timing),
 * judges the samples with the domain's state machine (`samplePing`) and acts on its effects:
 * events when a state changes, a cycle of the chosen outlets on a reboot, an event when the cap is
 * reached. It runs whether or not the device reaches the broker: the logic is on the device.
 */
export class PingAgent {
  private version = 0;
  private targets: RunningTarget[] = [];
  private stopped = false;

  constructor(private readonly host: PingHost) {}

  /** The `pingConfig` command. */
  configure(args: PingConfigArgs): Outcome {
    // the same version again (a re-send) or an older one (a late one): the device keeps its own
    if (args.version <= this.version) return { ok: true, result: { version: this.version } };
    if (!args.targets.every((t) => t.outlets.every((o) => this.host.hasOutlet(o)))) {
      return { ok: false, error: ACK_ERRORS.noSuchOutlet };
    }
    for (const t of this.targets) t.timer?.cancel();
    const now = this.host.clockMs();
    const offset = this.host.utcOffsetMs();
    this.version = args.version;
    this.targets = args.targets.map((config) => ({
      config,
      runtime: startPingRuntime(now, offset),
      timer: undefined,
    }));
    this.targets.forEach((_, i) => this.schedule(i));
    this.host.changed();
    return { ok: true, result: { version: this.version } };
  }

  /** `status.ping`: the version it runs and each target's state, in the configured order. */
  status(): PingStatus {
    const today = Math.floor((this.host.clockMs() + this.host.utcOffsetMs()) / DAY_MS);
    return {
      version: this.version,
      targets: this.targets.map(({ runtime }) => ({
        state: runtime.state,
        lastReply: runtime.lastReplyMs === null ? null : Math.floor(runtime.lastReplyMs / 1000),
        rebootsToday: runtime.day === today ? runtime.rebootsToday : 0,
      })),
    };
  }

  /** Stops pinging (the simulated device is taken away); `resume` starts again. */
  stop(): void {
    this.stopped = true;
    for (const t of this.targets) {
      t.timer?.cancel();
      t.timer = undefined;
    }
  }

  resume(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.targets.forEach((t, i) => {
      if (!t.timer) this.schedule(i);
    });
  }

  private scaledMs(seconds: number): number {
    return seconds * 1000 * this.host.timeScale();
  }

  private schedule(index: number): void {
    const target = this.targets[index];
    if (!target || this.stopped) return;
    const everyMs = this.scaledMs(target.config.windowSec) / 10;
    target.timer = this.host.after(everyMs, () => {
      // a newer configuration replaced this one meanwhile: its own timers run
      if (this.targets[index] !== target) return;
      if (this.host.running()) this.sample(index, target);
      this.schedule(index);
    });
  }

  private sample(index: number, target: RunningTarget): void {
    const { config } = target;
    const { runtime, effects } = samplePing(
      target.runtime,
      { replied: this.host.answers(config.host), nowMs: this.host.clockMs() },
      config,
      {
        windowMs: this.scaledMs(config.windowSec),
        holdOffMs: this.scaledMs(config.holdOffSec),
        utcOffsetMs: this.host.utcOffsetMs(),
      },
    );
    target.runtime = runtime;
    const at = { target: index + 1 };
    for (const effect of effects) {
      switch (effect.kind) {
        case 'state':
          this.host.event('ping', effect.state, at);
          break;
        case 'reboot': {
          // reported when a cycle started: outlets still cycling from the last reboot are not
          // cycled again (the reboot counts all the same)
          const [first] = this.host.cycle(config.outlets);
          if (first) this.host.event('autoReboot', 'cycled', { ...at, outlet: first.otlt });
          break;
        }
        case 'capReached':
          this.host.event('autoReboot', 'capReached', at);
          break;
      }
    }
    if (effects.length > 0) this.host.changed();
  }
}

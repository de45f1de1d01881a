import type { DeviceEvent, DeviceStatus } from '@powerdeck/domain';
import type { DeviceModel } from './device-model';

/** Result of a command on a model; becomes the `ok`/`error`/`result` of the ack. */
export type Outcome = { ok: true; result?: unknown } | { ok: false; error: string };

/** Where a model's reports go (the SimulatedDevice publishes them; tests collect them). */
export interface ModelSink {
  status(status: DeviceStatus, changed: boolean): void;
  event(event: DeviceEvent): void;
  /** The device restarts and is unreachable for `downMs`. */
  reboot(downMs: number): void;
  /** Whether reports reach the broker now (absent: always). */
  online?(): boolean;
  /** A discovery found `kid` on the bus: from now on it reports as a kid of the device. */
  kidAdded?(kid: DeviceModel): void;
  /**
   * The cloud sent a secret of the device's own (`credentials` command), to sign in with from its
   * next connection; absent for a unit without a connection of its own (a kid).
   */
  newSecret?(secret: string): void;
}

/** Delays of a model, in milliseconds. Tests set the switching delays to 0. */
export interface ModelTiming {
  /** A relay takes between min and max to switch. */
  switchDelayMs: readonly [number, number];
  /** Time an outlet stays off in a cycle. */
  cycleOffMs: number;
  /** Gap between two outlets of a sequence. */
  sequenceStepMs: number;
  /** Periodic status report. */
  reportIntervalMs: number;
  /** Report interval while an auto status update runs. */
  fastReportIntervalMs: number;
  rebootDownMs: number;
  findMeMs: number;
  /** Device clock offset from the scheduler's clock. */
  clockSkewMs: number;
  /** A firmware upgrade: image bytes taken in a second, checksum check, install, reboot. */
  firmwareBytesPerSecond: number;
  firmwareVerifyMs: number;
  firmwareInstallMs: number;
  firmwareRebootMs: number;
  /**
   * Auto-ping runs on this fraction of real time: a target's sample window and hold-off (seconds
   * on the wire) are multiplied by it, so a demo or a test sees a Fast window (900 s) in seconds.
   */
  pingTimeScale: number;
  /** A discovery: each short step (starting, after found), and the scan of the bus. */
  discoverStepMs: number;
  discoverScanMs: number;
  /**
   * Loads over the day and the week: 'site' draws each outlet's load times `loadFactor` of the
   * device's local time (office hours), 'flat' draws it as set (tests that check values).
   */
  loadProfile: 'site' | 'flat';
}

export const DEFAULT_TIMING: ModelTiming = {
  switchDelayMs: [100, 300],
  cycleOffMs: 5000,
  sequenceStepMs: 1000,
  reportIntervalMs: 30_000,
  fastReportIntervalMs: 1000,
  rebootDownMs: 8000,
  findMeMs: 30_000,
  clockSkewMs: 0,
  // a 128 KiB image downloads in about 3 s; with the rest an upgrade takes some 20 s
  firmwareBytesPerSecond: 48 * 1024,
  firmwareVerifyMs: 1500,
  firmwareInstallMs: 6000,
  firmwareRebootMs: 8000,
  pingTimeScale: 1,
  discoverStepMs: 500,
  discoverScanMs: 3000,
  loadProfile: 'site',
};

/**
 * Timing for deterministic tests: instant relays, a fast firmware upgrade, auto-ping and discovery
 * in milliseconds, the rest as default.
 */
export const TEST_TIMING: ModelTiming = {
  ...DEFAULT_TIMING,
  switchDelayMs: [0, 0],
  firmwareBytesPerSecond: 4 * 1024 * 1024,
  firmwareVerifyMs: 20,
  firmwareInstallMs: 50,
  firmwareRebootMs: 300,
  // a Fast window (900 s) lasts 1.8 s, a 300 s hold-off 0.6 s
  pingTimeScale: 0.002,
  discoverStepMs: 20,
  discoverScanMs: 50,
  loadProfile: 'flat',
};

/** Faults a test or the CLI can put on a model (the connection faults live on SimulatedDevice). */
export interface ModelFaults {
  /** Loads draw this many times their normal current. */
  overload: number;
  /** The next sequence stops at this outlet and reports failure. */
  sequenceFailsAt?: number;
}

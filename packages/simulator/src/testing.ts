import type {
  CommandArgs,
  CommandOf,
  CommandSvc,
  DeviceClass,
  DeviceEvent,
  DeviceStatus,
  WireSettings,
} from '@powerdeck/domain';
import type { DeviceModel } from './models/device-model';
import { createModel } from './models/registry';
import type { ModelTiming } from './models/types';
import { TEST_TIMING } from './models/types';
import { ManualScheduler } from './scheduler';

export interface ModelHarness<M extends DeviceModel = DeviceModel> {
  model: M;
  scheduler: ManualScheduler;
  statuses: { status: DeviceStatus; changed: boolean; at: number }[];
  events: (DeviceEvent & { at: number })[];
  reboots: number[];
  /** Units a discovery turned into kids, as the device announced them. */
  kidsAdded: string[];
}

/**
 * Builds a model on a manual clock with instant relays and collects what it reports; for the
 * simulator's tests (no MQTT involved).
 */
export function buildModel<M extends DeviceModel = DeviceModel>(
  devClass: DeviceClass,
  opts: {
    devId?: string;
    seed?: number;
    timing?: Partial<ModelTiming>;
    settings?: WireSettings;
    fwVer?: string;
    uplinkOtlt?: number;
    hostOutlets?: Record<string, number>;
  } = {},
): ModelHarness<M> {
  const scheduler = new ManualScheduler();
  const model = createModel({
    devId: opts.devId ?? '1065A3000001',
    devClass,
    seed: opts.seed ?? 1,
    scheduler,
    timing: { ...TEST_TIMING, ...opts.timing },
    ...(opts.settings ? { settings: opts.settings } : {}),
    ...(opts.fwVer ? { fwVer: opts.fwVer } : {}),
    ...(opts.uplinkOtlt === undefined ? {} : { uplinkOtlt: opts.uplinkOtlt }),
    ...(opts.hostOutlets ? { hostOutlets: opts.hostOutlets } : {}),
  }) as M;
  const harness: ModelHarness<M> = {
    model,
    scheduler,
    statuses: [],
    events: [],
    reboots: [],
    kidsAdded: [],
  };
  model.attach({
    status: (status, changed) => harness.statuses.push({ status, changed, at: scheduler.now() }),
    event: (event) => harness.events.push({ ...event, at: scheduler.now() }),
    reboot: (downMs) => harness.reboots.push(downMs),
    kidAdded: (kid) => harness.kidsAdded.push(kid.devId),
  });
  return harness;
}

let nextId = 0;

/** A command that expires a minute from `nowMs`, with a fresh id unless one is given. */
export function buildCommand<S extends CommandSvc>(
  svc: S,
  args: CommandArgs<S>,
  opts: { nowMs: number; id?: string; ttlMs?: number },
): CommandOf<S> {
  const id = opts.id ?? `cmd-${++nextId}`;
  return { id, svc, args, expires: opts.nowMs + (opts.ttlMs ?? 60_000) } as CommandOf<S>;
}

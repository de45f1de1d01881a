import type { DeviceClass } from '@powerdeck/domain';
import type { DevicePlan, KidPlan } from './fleet-plan';
import { planFleet } from './fleet-plan';
import type { DeviceModel } from './models/device-model';
import { type CreateModelOptions, addKid, addUndiscovered, createModel } from './models/registry';
import type { ModelTiming } from './models/types';
import type { Scheduler } from './scheduler';
import { realScheduler } from './scheduler';
import type { DeviceFault } from './simulated-device';
import { SimulatedDevice } from './simulated-device';

export interface FleetOptions {
  mqttUrl: string;
  /** Devices to run (ignored when `plan` is given). */
  count?: number;
  seed?: number;
  /** Exact devices to run, e.g. the rows the server's demo seed created. */
  plan?: readonly DevicePlan[];
  /**
   * Each device's MQTT password: the secret the server derives for it (the server's
   * `deriveDeviceSecret`, the only derivation). Without it devices send an empty password, which
   * only a broker allowing anonymous devices (a development Mosquitto) accepts.
   */
  secretFor?: (devId: string) => string;
  /**
   * Devices that take part in provisioning (docs/device-protocol.md, "Credentials"): the claim
   * key printed on the device, or a secret the cloud issued it earlier; over `secretFor`.
   */
  credentialFor?: (
    devId: string,
  ) => { secret: string; credential: 'claim-key' | 'issued' } | undefined;
  /** Each secret the cloud issues a device (keep it to start with it next time). */
  onSecret?: (devId: string, secret: string) => void;
  timing?: Partial<ModelTiming>;
  scheduler?: Scheduler;
  /** Devices connecting at the same time while the fleet starts (spares the broker a stampede). */
  concurrency?: number;
  /** How long `start` waits for one device's first connection before moving on. */
  connectWaitMs?: number;
  backoff?: { initialMs: number; maxMs: number };
}

export interface FleetSummary {
  devices: number;
  kids: number;
  online: number;
  published: number;
  byClass: Partial<Record<DeviceClass, number>>;
}

function buildModel(plan: DevicePlan, scheduler: Scheduler, timing?: Partial<ModelTiming>) {
  const make = (p: KidPlan, extra: Partial<CreateModelOptions> = {}): DeviceModel =>
    createModel({
      devId: p.devId,
      devClass: p.devClass,
      name: p.name,
      seed: p.seed,
      scheduler,
      timing,
      ...(p.settings ? { settings: p.settings } : {}),
      ...extra,
    });
  const model = make(plan, plan.uplinkOtlt === undefined ? {} : { uplinkOtlt: plan.uplinkOtlt });
  const onBus = { hosts: model.hosts };
  for (const kid of plan.kids) addKid(model, make(kid, onBus));
  for (const unit of plan.undiscovered ?? []) addUndiscovered(model, make(unit, onBus));
  return model;
}

/**
 * N simulated devices, each its own MQTT client as hardware would be (no shared connections),
 * with kids riding on their parent's connection.
 */
export class Fleet {
  readonly devices: readonly SimulatedDevice[];
  private readonly byId: Map<string, SimulatedDevice>;
  private readonly opts: FleetOptions;

  constructor(opts: FleetOptions) {
    this.opts = opts;
    const scheduler = opts.scheduler ?? realScheduler;
    const plan = opts.plan ?? planFleet(opts.count ?? 25, opts.seed ?? 1);
    const secretFor = opts.secretFor ?? (() => '');
    this.devices = plan.map((p) => {
      const own = opts.credentialFor?.(p.devId);
      return new SimulatedDevice({
        model: buildModel(p, scheduler, opts.timing),
        mqttUrl: opts.mqttUrl,
        ...(own ?? { secret: secretFor(p.devId) }),
        ...(opts.onSecret ? { onSecret: opts.onSecret } : {}),
        scheduler,
        backoff: opts.backoff,
      });
    });
    this.byId = new Map(this.devices.map((d) => [d.devId, d]));
  }

  get(devId: string): SimulatedDevice | undefined {
    return this.byId.get(devId);
  }

  /** Connects every device (a few at a time); resolves when each is online or has waited. */
  async start(): Promise<FleetSummary> {
    const queue = [...this.devices];
    const waitMs = this.opts.connectWaitMs ?? 10_000;
    const worker = async () => {
      for (let device = queue.shift(); device; device = queue.shift()) {
        let timer: NodeJS.Timeout | undefined;
        const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
        await Promise.race([device.start(), waited]);
        clearTimeout(timer);
      }
    };
    const workers = Math.max(1, Math.min(this.opts.concurrency ?? 100, this.devices.length));
    await Promise.all(Array.from({ length: workers }, worker));
    return this.summary();
  }

  /** Every device says goodbye and disconnects. */
  async stop(): Promise<void> {
    await Promise.all(this.devices.map((d) => d.stop()));
  }

  injectFault(devId: string, fault: DeviceFault): void {
    const device = this.byId.get(devId);
    if (!device) throw new Error(`no device ${devId} in the fleet`);
    device.injectFault(fault);
  }

  summary(): FleetSummary {
    const byClass: Partial<Record<DeviceClass, number>> = {};
    let kids = 0;
    let online = 0;
    let published = 0;
    for (const d of this.devices) {
      for (const m of [d.model, ...d.model.kids]) {
        byClass[m.facts.devClass] = (byClass[m.facts.devClass] ?? 0) + 1;
      }
      kids += d.model.kids.length;
      if (d.connected) online++;
      published += d.published;
    }
    return { devices: this.devices.length, kids, online, published, byClass };
  }
}

import type {
  DeviceStatus,
  FirmwareErrorReason,
  PowerCondition,
  TopicAddress,
  TopicKind,
} from '@powerdeck/domain';
import {
  STATUS_CHANGE_QOS,
  TOPIC_RULES,
  deviceCommandFilters,
  deviceTopic,
  parseDeviceTopic,
} from '@powerdeck/domain';
import type { IClientOptions, MqttClient } from 'mqtt';
import mqtt from 'mqtt';
import type { CommandMode } from './command-processor';
import { CommandProcessor } from './command-processor';
import type { DeviceModel, DiscoveryFault } from './models/device-model';
import type { FirmwareFaultStep } from './models/firmware';
import type { ModelSink } from './models/types';
import type { Scheduler, Timer } from './scheduler';
import { realScheduler } from './scheduler';

const REBOOT_FLUSH_MS = 250;

/** Faults a test or the CLI can put on a device. `kidId` aims the power faults at a kid. */
export type DeviceFault =
  | { kind: 'offline' }
  | { kind: 'kid-offline'; kidId: string }
  | { kind: 'brownout'; condition?: PowerCondition; kidId?: string }
  | { kind: 'overload'; factor?: number; kidId?: string }
  | { kind: 'refuse-commands' }
  | { kind: 'ignore-commands' }
  /** The next firmware upgrade fails with `reason`, at its natural step or `at`. */
  | { kind: 'firmware'; reason: FirmwareErrorReason; at?: FirmwareFaultStep; kidId?: string }
  /** A host the device's ping targets name stops answering (auto-ping sees it fail). */
  | { kind: 'host-down'; host: string }
  /** Discoveries fail with `reason` (`timedOut`: the scan never ends, no answer). */
  | { kind: 'discover'; reason: DiscoveryFault };

export interface SimulatedDeviceOptions {
  /** The device's model, kids already attached. */
  model: DeviceModel;
  mqttUrl: string;
  /**
   * Password: the deployment's derived secret (demo and test fleets), or what `credential` says.
   */
  secret: string;
  /**
   * The device takes part in provisioning (docs/device-protocol.md, "Credentials"): `claim-key`
   * (the secret is the key printed on it) makes it ask for a secret of its own, `issued` is one.
   */
  credential?: 'claim-key' | 'issued';
  /** Each secret the cloud issues, as flash would keep it (the device signs in with it next). */
  onSecret?: (devId: string, secret: string) => void;
  scheduler?: Scheduler;
  /** Reconnect backoff: doubles from `initialMs` to `maxMs`, each delay jittered to 50-100 %. */
  backoff?: { initialMs: number; maxMs: number };
  /** Extra mqtt.js options (e.g. `connectTimeout`). */
  mqttOptions?: Partial<IClientOptions>;
}

/**
 * One simulated device on the broker, as hardware would be: its own MQTT client (clientId and
 * username = devId, password = secret), `online` retained with a last-will of `0`, `status`
 * retained, `event`s, and acks for the commands it receives for itself and its kids.
 */
export class SimulatedDevice {
  readonly devId: string;
  readonly model: DeviceModel;
  readonly commands = new CommandProcessor();
  private readonly opts: SimulatedDeviceOptions;
  private readonly scheduler: Scheduler;
  private client: MqttClient | undefined;
  private wantOnline = false;
  private attempt = 0;
  private retryTimer: Timer | undefined;
  private readonly kidsOffline = new Set<string>();
  private firstConnect: { resolve: () => void; promise: Promise<void> } | undefined;
  private credential: 'claim-key' | 'issued' | undefined;
  /** A secret the cloud sent, taken once its ack is on its way. */
  private nextSecret: string | undefined;
  /** Messages published since start, for summaries. */
  published = 0;
  connects = 0;
  /**
   * Unset by default; a benchmark sets it to learn of each QoS 1 message the broker acknowledged
   * (PUBACK), to count later which of them never reached the cloud's database.
   */
  onAcknowledged: ((kind: TopicKind, address: TopicAddress, payload: string) => void) | undefined;

  constructor(opts: SimulatedDeviceOptions) {
    this.opts = opts;
    this.model = opts.model;
    this.devId = opts.model.devId;
    this.scheduler = opts.scheduler ?? realScheduler;
    this.credential = opts.credential;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Connects and starts reporting; resolves once the device is first online. */
  start(): Promise<void> {
    if (!this.firstConnect) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      this.firstConnect = { resolve, promise };
      this.wantOnline = true;
      this.attachModels();
      this.connect();
    }
    return this.firstConnect.promise;
  }

  /** Says goodbye (`online` 0, retained) and disconnects cleanly; stops every timer. */
  async stop(): Promise<void> {
    this.wantOnline = false;
    this.retryTimer?.cancel();
    this.model.detach();
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    if (client.connected) {
      await Promise.all(
        [this.model, ...this.model.kids].map((m) =>
          client.publishAsync(this.topic(m, 'online'), '0', { qos: 1, retain: true }),
        ),
      ).catch(() => undefined);
    }
    // Forced: QoS 1 messages in flight when an earlier connection broke are never acked (clean
    // session), and a graceful end would wait for them forever. The goodbye above was acked, so
    // the broker has everything sent before it; its last will only repeats `online` 0.
    await client.endAsync(true);
  }

  /** Puts a fault on the device (see DeviceFault); `clearFaults` takes them all away. */
  injectFault(fault: DeviceFault): void {
    switch (fault.kind) {
      case 'offline':
        this.wantOnline = false;
        this.dropConnection();
        return;
      case 'kid-offline':
        this.kidsOffline.add(fault.kidId);
        this.publish({ devId: this.devId, kidId: fault.kidId }, 'online', '0');
        return;
      case 'brownout':
        this.target(fault.kidId).setPowerCondition(fault.condition ?? 'under-voltage');
        return;
      case 'overload':
        this.target(fault.kidId).setOverload(fault.factor ?? 4);
        return;
      case 'refuse-commands':
      case 'ignore-commands':
        this.commands.mode = fault.kind === 'refuse-commands' ? 'refuse' : 'ignore';
        return;
      case 'firmware':
        this.target(fault.kidId).firmware.fault = {
          reason: fault.reason,
          ...(fault.at ? { at: fault.at } : {}),
        };
        return;
      case 'host-down':
        this.model.hosts.setDown(fault.host);
        return;
      case 'discover':
        this.model.discoveryFault = fault.reason;
        return;
    }
  }

  clearFaults(): void {
    this.commands.mode = 'normal' satisfies CommandMode;
    for (const m of [this.model, ...this.model.kids]) {
      m.setPowerCondition('normal');
      m.setOverload(1);
      m.firmware.fault = undefined;
      m.discoveryFault = undefined;
      m.hosts.clear();
    }
    for (const kidId of this.kidsOffline) {
      this.kidsOffline.delete(kidId);
      const kid = this.model.kids.find((k) => k.devId === kidId);
      if (kid) this.announce(kid);
    }
    if (!this.wantOnline && this.firstConnect) {
      this.wantOnline = true;
      this.connect();
    }
  }

  private target(kidId: string | undefined): DeviceModel {
    if (kidId === undefined) return this.model;
    const kid = this.model.kids.find((k) => k.devId === kidId);
    if (!kid) throw new Error(`${this.devId} has no kid ${kidId}`);
    return kid;
  }

  private topic(m: DeviceModel, kind: TopicKind): string {
    return deviceTopic(this.address(m), kind);
  }

  private address(m: DeviceModel): TopicAddress {
    return m === this.model ? { devId: this.devId } : { devId: this.devId, kidId: m.devId };
  }

  private attachModels(): void {
    for (const m of [this.model, ...this.model.kids]) this.attachModel(m);
  }

  private attachModel(m: DeviceModel): void {
    const address = this.address(m);
    const sink: ModelSink = {
      status: (status, changed) => this.publishStatus(address, status, changed),
      event: (event) => this.publish(address, 'event', JSON.stringify(event)),
      reboot: (downMs) => (m === this.model ? this.reboot(downMs) : this.rebootKid(m, downMs)),
      online: () => this.connected && !this.kidsOffline.has(m.devId),
      // a unit a discovery found: reports as a kid from now on, starting at once
      kidAdded: (kid) => {
        this.attachModel(kid);
        this.announce(kid);
      },
      ...(m === this.model ? { newSecret: (secret: string) => (this.nextSecret = secret) } : {}),
    };
    m.attach(sink);
  }

  private publishStatus(address: TopicAddress, status: DeviceStatus, changed: boolean): void {
    const qos = changed ? STATUS_CHANGE_QOS : TOPIC_RULES.status.qos;
    const credential = address.kidId === undefined ? this.credential : undefined;
    const report = credential === undefined ? status : { ...status, credential };
    this.publish(address, 'status', JSON.stringify(report), qos);
  }

  private publish(address: TopicAddress, kind: TopicKind, payload: string, qos?: 0 | 1): void {
    const client = this.client;
    if (!client?.connected) return;
    if (address.kidId !== undefined && this.kidsOffline.has(address.kidId) && kind !== 'online') {
      return;
    }
    const rule = TOPIC_RULES[kind];
    this.published++;
    const level = qos ?? rule.qos;
    const acknowledged = this.onAcknowledged;
    client.publish(
      deviceTopic(address, kind),
      payload,
      { qos: level, retain: rule.retain },
      acknowledged && level === 1
        ? (error) => {
            if (!error) acknowledged(kind, address, payload);
          }
        : undefined,
    );
  }

  private announce(m: DeviceModel): void {
    this.publish(this.address(m), 'online', '1');
    this.publishStatus(this.address(m), m.status(), true);
  }

  private connect(): void {
    if (this.client) {
      this.client.reconnect();
      return;
    }
    const will = { topic: this.topic(this.model, 'online'), payload: '0' };
    const client = mqtt.connect(this.opts.mqttUrl, {
      clientId: this.devId,
      username: this.devId,
      password: this.opts.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: 60,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      queueQoSZero: false,
      will: { ...will, qos: 1, retain: true },
      ...this.opts.mqttOptions,
    });
    this.client = client;
    client.on('connect', () => this.onConnect(client));
    client.on('message', (topic, payload) => this.onMessage(client, topic, payload));
    client.on('close', () => this.onClose());
    // Errors end in 'close', which schedules the retry; without a listener they would throw.
    client.on('error', () => undefined);
  }

  private onConnect(client: MqttClient): void {
    // Acks and status changes are small: send them at once (no Nagle delay), as hardware does.
    (client.stream as { setNoDelay?: (on: boolean) => void } | undefined)?.setNoDelay?.(true);
    this.attempt = 0;
    this.connects++;
    client.subscribe(deviceCommandFilters(this.devId), { qos: 1 }, (err) => {
      if (err) {
        this.dropConnection();
        return;
      }
      for (const m of [this.model, ...this.model.kids]) {
        if (!this.kidsOffline.has(m.devId)) this.announce(m);
      }
      this.firstConnect?.resolve();
    });
  }

  private onMessage(client: MqttClient, topic: string, payload: Uint8Array): void {
    const parsed = parseDeviceTopic(topic);
    if (parsed?.kind !== 'cmd' || parsed.devId !== this.devId) return;
    const kidId = parsed.kidId;
    const target =
      kidId === undefined
        ? this.model
        : this.kidsOffline.has(kidId)
          ? undefined
          : this.model.kids.find((k) => k.devId === kidId);
    // A kid out of radio range hears nothing: no ack, the cloud times out.
    if (kidId !== undefined && this.kidsOffline.has(kidId)) return;
    this.commands
      .handle(target, payload)
      .then((ack) => {
        if (ack && client === this.client) this.publish(parsed, 'ack', JSON.stringify(ack));
        if (this.nextSecret !== undefined && client === this.client) this.takeSecret(client);
      })
      .catch(() => undefined);
  }

  private onClose(): void {
    if (!this.wantOnline) return;
    const { initialMs, maxMs } = this.opts.backoff ?? { initialMs: 500, maxMs: 30_000 };
    const ceiling = Math.min(maxMs, initialMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 20);
    const delay = ceiling * (0.5 + Math.random() / 2);
    this.retryTimer?.cancel();
    this.retryTimer = this.scheduler.after(delay, () => {
      if (this.wantOnline && this.client && !this.client.connected) this.connect();
    });
  }

  /**
   * Signs in with the secret the cloud sent from now on: a clean disconnect once the ack has gone
   * (no last will), and the usual reconnect with the new password.
   */
  private takeSecret(client: MqttClient): void {
    const secret = this.nextSecret;
    if (secret === undefined) return;
    this.nextSecret = undefined;
    this.credential = 'issued';
    this.opts.onSecret?.(this.devId, secret);
    client.options.password = secret;
    client.end(false);
  }

  /** Drops the link the way a pulled cable does: no DISCONNECT, so the broker sends the will. */
  private dropConnection(): void {
    this.client?.end(true);
  }

  /** A kid restarting (a firmware upgrade): away from the link for `downMs`, its parent stays. */
  private rebootKid(kid: DeviceModel, downMs: number): void {
    this.scheduler.after(REBOOT_FLUSH_MS, () => {
      this.kidsOffline.add(kid.devId);
      this.publish(this.address(kid), 'online', '0');
      this.scheduler.after(downMs, () => {
        this.kidsOffline.delete(kid.devId);
        this.announce(kid);
      });
    });
  }

  private reboot(downMs: number): void {
    this.wantOnline = false;
    this.retryTimer?.cancel();
    // Give the ack of the reboot command a moment to leave before the link goes down.
    this.retryTimer = this.scheduler.after(REBOOT_FLUSH_MS, () => {
      this.dropConnection();
      this.retryTimer = this.scheduler.after(downMs, () => {
        this.wantOnline = true;
        this.connect();
      });
    });
  }
}

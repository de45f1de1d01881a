import {
  type CommandAck,
  type DeviceContact,
  type DeviceEvent,
  type DeviceStatus,
  type DeviceStatusView,
  type ParsedTopic,
  type TopicAddress,
  commandAckSchema,
  deviceEventSchema,
  deviceStatusSchema,
  fleetFilters,
  parseDeviceTopic,
  parseOnlinePayload,
  parsePayload,
} from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import { hash } from 'node:crypto';
import type { Clock } from '../../infra/clock';
import type { DeviceLink } from '../../infra/mqtt/device-link';
import type { CommandTracker } from './command-tracker';
import type { LiveEvents } from './live-events';
import type { StateWriter } from './state-writer';

/** A contact event is pushed at most this often per device while it keeps reporting. */
const CONTACT_EVENT_EVERY_MS = 30_000;

export interface HubStats {
  messages: number;
  dropped: number;
  /** Valid status reports handled (a repeated one is not counted); /metrics reads it. */
  statuses: number;
  /** Empty online/status messages: a retained copy cleared, not a device's word. */
  cleared: number;
}

/**
 * What a device said happened, for the event log: an `event` message, or an online/offline message
 * (`retained`: the broker's stored copy, not news). Every one is handed on; the log keeps each once.
 */
export type DeviceHappening = { address: TopicAddress } & (
  { kind: 'event'; event: DeviceEvent } | { kind: 'connection'; online: boolean; retained: boolean }
);

/**
 * What hears of a happening: may return the promise of its write, which an event's
 * acknowledgement to the broker waits for on the event link.
 */
type HappeningListener = (happening: DeviceHappening) => void | Promise<unknown>;

/** What the hub knows of a device or kid from this server's own connection. */
export interface LiveContact {
  online: boolean;
  lastContactMs: number;
}

/**
 * Ingests everything devices publish: validates each payload with the protocol schemas (a bad one
 * is logged and dropped), keeps the latest status and contact of every device and kid (written in
 * batches by the StateWriter), pushes live events and hands acks and reports to the command
 * tracker.
 */
export class DeviceHub {
  readonly stats: HubStats = { messages: 0, dropped: 0, statuses: 0, cleared: 0 };
  private readonly contacts = new Map<string, LiveContact>();
  /** The SHA-1 of each device's and kid's latest report (to spot a repeat). */
  private readonly lastStatus = new Map<string, string>();
  private readonly contactPushed = new Map<string, number>();
  private readonly happeningListeners = new Set<HappeningListener>();
  private readonly ackListeners = new Set<(address: TopicAddress, ack: CommandAck) => void>();
  private readonly reportListeners = new Set<
    (address: TopicAddress, status: DeviceStatus) => void
  >();

  constructor(
    private readonly deps: {
      link: DeviceLink;
      writer: StateWriter;
      events: LiveEvents;
      tracker: CommandTracker;
      clock: Clock;
      log: FastifyBaseLogger;
      /**
       * A durable link (DeviceLinkOptions.durable) for the devices' events: each is acknowledged
       * to the broker once the listeners have written it, so a server killed before its write
       * gets it again when it comes back, instead of losing it.
       */
      eventLink?: DeviceLink;
      /** Shared-subscription group for an external broker with several servers. */
      shareGroup?: string;
    },
  ) {}

  async start(): Promise<void> {
    const { link, eventLink, shareGroup } = this.deps;
    // before subscribing: the retained reports that arrive first may settle commands left open
    await this.deps.tracker.start();
    link.onMessage((topic, payload, retained) => void this.handle(topic, payload, retained));
    eventLink?.onMessage((topic, payload) => this.handle(topic, payload));
    // Acks are not shared: the server that sent a command waits for its ack (and any server takes
    // one whose server went away, see LateAnswers).
    await link.subscribe([
      ...fleetFilters('online', shareGroup),
      ...fleetFilters('status', shareGroup),
      ...(eventLink ? [] : fleetFilters('event', shareGroup)),
      ...fleetFilters('ack'),
    ]);
    await eventLink?.subscribe(fleetFilters('event', shareGroup));
  }

  /** Every event and online/offline message devices send (the event log); must not throw. */
  onHappening(listener: HappeningListener): () => void {
    this.happeningListeners.add(listener);
    return () => this.happeningListeners.delete(listener);
  }

  /** Every ack a device or kid sends (firmware steps wait for theirs); must not throw. */
  onEveryAck(listener: (address: TopicAddress, ack: CommandAck) => void): () => void {
    this.ackListeners.add(listener);
    return () => this.ackListeners.delete(listener);
  }

  /** Every live status report (not the broker's retained copy); must not throw. */
  onReport(listener: (address: TopicAddress, status: DeviceStatus) => void): () => void {
    this.reportListeners.add(listener);
    return () => this.reportListeners.delete(listener);
  }

  /** Tells the listeners; settles when what they returned has (a failure is logged). */
  private happened(happening: DeviceHappening): Promise<unknown> | undefined {
    const pending: Promise<unknown>[] = [];
    for (const listener of this.happeningListeners) {
      const result = listener(happening);
      if (result) pending.push(result);
    }
    if (pending.length === 0) return undefined;
    return Promise.all(pending).catch((error: unknown) =>
      this.deps.log.error({ err: error }, 'a listener of device happenings failed'),
    );
  }

  /** This server's latest knowledge of a device or kid (undefined: not heard of since start). */
  contactOf(address: TopicAddress): LiveContact | undefined {
    return this.contacts.get(key(address));
  }

  /**
   * Handles one message; never throws (a device cannot crash the server). For an event, the
   * promise of its listeners' writes (awaited on the event link), which never rejects.
   */
  handle(topic: string, payload: Buffer | string, retained = false): Promise<unknown> | undefined {
    this.stats.messages++;
    try {
      const parsed = parseDeviceTopic(topic);
      if (!parsed) return this.drop(topic, 'not a device topic');
      // An empty message on a retained topic clears the broker's stored copy (a cleanup, on a
      // shared broker after tests or benchmarks); the broker hands it to subscribers too. The
      // device said nothing: no news, and nothing invalid to warn of.
      if (payload.length === 0 && (parsed.kind === 'online' || parsed.kind === 'status')) {
        this.stats.cleared++;
        return;
      }
      switch (parsed.kind) {
        case 'online':
          this.onOnline(parsed, payload, retained);
          return undefined;
        case 'status':
          this.onStatus(parsed, payload, retained);
          return undefined;
        case 'event':
          return this.onEvent(parsed, payload);
        case 'ack':
          this.onAck(parsed, payload);
          return undefined;
        case 'cmd':
          return undefined;
      }
    } catch (error) {
      this.stats.dropped++;
      this.deps.log.error({ err: error, topic }, 'device message handling failed');
    }
    return undefined;
  }

  private drop(topic: string, reason: string): undefined {
    this.stats.dropped++;
    this.deps.log.warn({ topic, reason }, 'device message dropped');
    return undefined;
  }

  /**
   * A retained message is the device's last word, possibly from long ago: it sets online and
   * status but is not contact (a device gone for days must not look active after a restart).
   */
  private onOnline(address: ParsedTopic, payload: Buffer | string, retained: boolean): void {
    const online = parseOnlinePayload(payload);
    if (online === undefined) return this.drop(deviceTopicText(address), 'online is not 1 or 0');
    const now = this.deps.clock.now();
    const k = key(address);
    const before = this.contacts.get(k);
    const fresh = online && !retained;
    const lastContactMs = fresh ? now.getTime() : (before?.lastContactMs ?? 0);
    this.contacts.set(k, { online, lastContactMs });
    // online/offline messages come over the plain link: nothing waits for their write
    void this.happened({ address: eventAddress(address), kind: 'connection', online, retained });
    this.deps.writer.record({
      ...row(address),
      online,
      ...(fresh ? { lastContact: now } : {}),
    });
    this.deps.events.publish({
      type: 'device',
      ...eventAddress(address),
      change: online ? 'online' : 'offline',
    });
    this.pushContact(address, true);
  }

  private onStatus(address: ParsedTopic, payload: Buffer | string, retained: boolean): void {
    const k = key(address);
    // The same report twice (an overlapping subscription, a retained copy) is handled once. Its
    // digest is kept, not its text: 28 characters a device instead of a report's 300-1,000.
    const digest = hash('sha1', payload, 'base64');
    if (this.lastStatus.get(k) === digest) return;
    const text = typeof payload === 'string' ? payload : payload.toString('utf8');
    const parsed = parsePayload(deviceStatusSchema, text);
    if (!parsed.ok) return this.drop(deviceTopicText(address), parsed.error);
    this.lastStatus.set(k, digest);
    this.stats.statuses++;
    const now = this.deps.clock.now();
    const { outlets: _labels, ...rest } = parsed.value;
    const status: DeviceStatusView = { ...rest, time: Math.floor(now.getTime() / 1000) };
    this.deps.tracker.onStatus(eventAddress(address), parsed.value);
    const { boot, seq } = parsed.value;
    const order = boot === undefined || seq === undefined ? {} : { order: { boot, seq } };
    if (retained) {
      this.deps.writer.record({
        ...row(address),
        status,
        ...order,
        statusAt: now,
        sysTime: status.sysTime,
      });
      this.deps.events.publish({ type: 'status', ...eventAddress(address), status });
      return;
    }
    for (const listener of this.reportListeners) listener(eventAddress(address), parsed.value);
    const wasOnline = this.contacts.get(k)?.online ?? false;
    this.contacts.set(k, { online: true, lastContactMs: now.getTime() });
    this.deps.writer.record({
      ...row(address),
      status,
      ...order,
      statusAt: now,
      lastContact: now,
      sysTime: status.sysTime,
      online: true,
    });
    this.deps.writer.reading(address.kidId ?? address.devId, now, status);
    this.deps.events.publish({ type: 'status', ...eventAddress(address), status });
    this.pushContact(address, !wasOnline);
  }

  private onEvent(address: ParsedTopic, payload: Buffer | string): Promise<unknown> | undefined {
    const parsed = parsePayload(deviceEventSchema, payload);
    if (!parsed.ok) return this.drop(deviceTopicText(address), parsed.error);
    this.touch(address);
    const written = this.happened({
      address: eventAddress(address),
      kind: 'event',
      event: parsed.value,
    });
    if (parsed.value.type === 'info') {
      this.deps.events.publish({ type: 'device', ...eventAddress(address), change: 'info' });
    }
    return written;
  }

  private onAck(address: ParsedTopic, payload: Buffer | string): void {
    const parsed = parsePayload(commandAckSchema, payload);
    if (!parsed.ok) return this.drop(deviceTopicText(address), parsed.error);
    this.touch(address);
    this.deps.tracker.onAck(eventAddress(address), parsed.value);
    for (const listener of this.ackListeners) listener(eventAddress(address), parsed.value);
  }

  /** Any message is contact. */
  private touch(address: ParsedTopic): void {
    const now = this.deps.clock.now();
    this.contacts.set(key(address), { online: true, lastContactMs: now.getTime() });
    this.deps.writer.record({ ...row(address), lastContact: now, online: true });
    this.pushContact(address, false);
  }

  private pushContact(address: ParsedTopic, force: boolean): void {
    const k = key(address);
    const nowMs = this.deps.clock.now().getTime();
    const last = this.contactPushed.get(k) ?? 0;
    if (!force && nowMs - last < CONTACT_EVENT_EVERY_MS) return;
    this.contactPushed.set(k, nowMs);
    const known = this.contacts.get(k);
    const contact: DeviceContact = {
      conf: null,
      lastContact: known ? Math.floor(known.lastContactMs / 1000) : null,
      sysTime: Math.floor(nowMs / 1000),
    };
    this.deps.events.publish({ type: 'contact', ...eventAddress(address), contact });
  }
}

function key(address: TopicAddress): string {
  return address.kidId === undefined ? address.devId : `${address.devId}/${address.kidId}`;
}

function eventAddress(address: TopicAddress): TopicAddress {
  return address.kidId === undefined
    ? { devId: address.devId }
    : { devId: address.devId, kidId: address.kidId };
}

/** The device row a topic writes: a kid's row only when it belongs to that parent. */
function row(address: TopicAddress): { devId: string; parentDevId: string | null } {
  return address.kidId === undefined
    ? { devId: address.devId, parentDevId: null }
    : { devId: address.kidId, parentDevId: address.devId };
}

function deviceTopicText(address: ParsedTopic): string {
  return `${address.devId}${address.kidId ? `/kids/${address.kidId}` : ''}/${address.kind}`;
}

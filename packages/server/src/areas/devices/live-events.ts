import type { LiveEvent, LiveEventEnvelope } from '@powerdeck/domain';
import type { Clock } from '../../infra/clock';

/** Events kept per device (with its kids) for Last-Event-ID resumes and the polling fallback. */
export const RING_SIZE = 256;
/**
 * How long a device's events are still kept after its last stream closed or its last poll: a
 * browser that lost its stream resumes within seconds, a polling page asks every few seconds.
 * Devices nobody watched for longer keep none (50,000 devices × 256 events would be gigabytes).
 */
export const KEEP_UNWATCHED_MS = 5 * 60_000;

type Listener = (envelope: LiveEventEnvelope) => void;

interface Ring {
  events: LiveEventEnvelope[];
  /** Highest seq pushed out of the ring: a resume from before it missed events. */
  droppedSeq: number;
  /** When that event happened: a poll from before it missed events. */
  droppedAtMs: number;
  listeners: Set<Listener>;
  /** Until when events are kept with no stream open (a stream closed, a poll, a resume). */
  keepUntilMs: number;
}

/**
 * The live event bus of one server: fans device events out to the streams watching that device
 * and keeps a bounded ring of recent ones per device watched now or lately (KEEP_UNWATCHED_MS);
 * an event not kept counts as dropped, so a resume or poll from before it gets a resync. Sequence
 * numbers grow across restarts (they start from the clock in microseconds), so an id from an
 * earlier run is simply "too old".
 */
export class LiveEvents {
  private readonly rings = new Map<string, Ring>();
  private lastSeq = 0;
  private readonly everyEventListeners = new Set<(event: LiveEvent) => void>();
  /** When this bus started: anything before it is not in any ring. */
  readonly startSeq: number;

  constructor(private readonly clock: Clock) {
    this.startSeq = this.nextSeq();
  }

  nowMs(): number {
    return this.clock.now().getTime();
  }

  private nextSeq(): number {
    this.lastSeq = Math.max(this.lastSeq + 1, this.clock.now().getTime() * 1000);
    return this.lastSeq;
  }

  private ring(devId: string): Ring {
    let ring = this.rings.get(devId);
    if (!ring) {
      ring = {
        events: [],
        droppedSeq: this.startSeq,
        droppedAtMs: 0,
        listeners: new Set(),
        keepUntilMs: 0,
      };
      this.rings.set(devId, ring);
    }
    return ring;
  }

  /** Publishes an event about a device (events about a kid go to its parent's `devId`). */
  publish(event: LiveEvent): LiveEventEnvelope {
    const envelope: LiveEventEnvelope = {
      seq: this.nextSeq(),
      at: this.clock.now().getTime(),
      event,
    };
    const ring = this.ring(event.devId);
    if (ring.listeners.size === 0 && envelope.at > ring.keepUntilMs) {
      // nobody watches: keep nothing, and remember that this (and all before) is gone
      ring.events = [];
      ring.droppedSeq = envelope.seq;
      ring.droppedAtMs = envelope.at;
    } else {
      ring.events.push(envelope);
      if (ring.events.length > RING_SIZE) {
        const dropped = ring.events.shift();
        if (dropped) {
          ring.droppedSeq = dropped.seq;
          ring.droppedAtMs = dropped.at;
        }
      }
    }
    for (const listener of ring.listeners) listener(envelope);
    for (const listener of this.everyEventListeners) listener(event);
    return envelope;
  }

  /** Every event of every device, e.g. for raising alerts; the listener must not throw. */
  onEveryEvent(listener: (event: LiveEvent) => void): () => void {
    this.everyEventListeners.add(listener);
    return () => this.everyEventListeners.delete(listener);
  }

  subscribe(devId: string, listener: Listener): () => void {
    const ring = this.ring(devId);
    ring.listeners.add(listener);
    return () => {
      ring.listeners.delete(listener);
      this.keep(ring);
    };
  }

  private keep(ring: Ring): void {
    ring.keepUntilMs = Math.max(ring.keepUntilMs, this.nowMs() + KEEP_UNWATCHED_MS);
  }

  watcherCount(devId: string): number {
    return this.rings.get(devId)?.listeners.size ?? 0;
  }

  /**
   * Events after `seq`, or a single resync when events after it may have been lost (ring
   * overflow, a restart, or an id this bus never gave out).
   */
  since(devId: string, seq: number): LiveEventEnvelope[] {
    const ring = this.ring(devId);
    this.keep(ring);
    if (seq < ring.droppedSeq || seq > this.lastSeq) return [this.resync(devId)];
    return ring.events.filter((e) => e.seq > seq);
  }

  /** Events after a time in ms (the polling fallback), or a resync when that is too long ago. */
  sinceTime(devId: string, atMs: number): LiveEventEnvelope[] {
    const ring = this.ring(devId);
    this.keep(ring);
    const startMs = Math.floor(this.startSeq / 1000);
    if (atMs < startMs || atMs < ring.droppedAtMs) return [this.resync(devId)];
    return ring.events.filter((e) => e.at > atMs);
  }

  private resync(devId: string): LiveEventEnvelope {
    return { seq: this.lastSeq, at: this.clock.now().getTime(), event: { type: 'resync', devId } };
  }
}

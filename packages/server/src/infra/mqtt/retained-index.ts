import memoryPersistence, { type AedesMemoryPersistence, type Packet } from 'aedes-persistence';
import { Readable } from 'node:stream';

/** Topics are bucketed by their first levels: `pd/v1/{devId}` holds one device's topics. */
const BUCKET_LEVELS = 3;

type StoreRetained = (packet: Packet, cb?: (error?: Error | null) => void) => unknown;

/** What one device root (`pd/v1/{devId}`, its kids included) may keep retained. */
export interface RetainedLimits {
  topicsPerDevice: number;
  bytesPerDevice: number;
}

const UNLIMITED: RetainedLimits = { topicsPerDevice: Infinity, bytesPerDevice: Infinity };

/** The retained store's quota per device root, beside aedes' persistence interface. */
export interface RetainedQuota {
  /** Whether storing `bytes` of payload under `topic` keeps its device root within its limits. */
  admits(topic: string, bytes: number): boolean;
  /** Retained messages and payload bytes held, all roots together. */
  totals(): { messages: number; bytes: number };
}

export class RetainedCapError extends Error {
  constructor(topic: string) {
    super(`retained data of ${bucketOf(topic)} is at its limit`);
  }
}

/** MQTT topic filter matching (`+` one level, `#` this level and all below). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    const level = f[i];
    if (level === '#') return true;
    if (i >= t.length) return false;
    if (level !== '+' && level !== t[i]) return false;
  }
  return f.length === t.length;
}

function bucketOf(topic: string): string {
  return topic.split('/').slice(0, BUCKET_LEVELS).join('/');
}

const payloadBytes = (packet: Packet) =>
  (packet as Packet & { payload: Buffer | string }).payload.length;

/** The bucket a filter can match in, or undefined when its first levels hold a wildcard. */
function filterBucket(filter: string): string | undefined {
  const head = filter.split('/').slice(0, BUCKET_LEVELS);
  return head.some((level) => level === '+' || level === '#') ? undefined : head.join('/');
}

/**
 * aedes' in-memory persistence with retained messages also indexed by their first topic levels.
 * The stock store tests every retained message against every new subscription, so 10,000 devices
 * each subscribing under their own root cost 10,000 × 20,000 topic matches and the fleet took
 * minutes to connect. A device's subscriptions now look only at its own retained messages;
 * filters with a wildcard in the first levels (the server's own) still take the full scan.
 *
 * The same buckets hold each device to `limits`: a retained message that would take its root past
 * them is not stored (`storeRetained` fails, and aedes drops the connection that sent it). The
 * check and the store happen together, so packets the broker handles at once cannot slip past.
 */
export function indexedMemoryPersistence(
  limits: RetainedLimits = UNLIMITED,
): AedesMemoryPersistence & RetainedQuota {
  const persistence = memoryPersistence() as AedesMemoryPersistence & RetainedQuota;
  const buckets = new Map<string, { packets: Map<string, Packet>; bytes: number }>();
  const held = { messages: 0, bytes: 0 };
  const store = (persistence.storeRetained as StoreRetained).bind(persistence);
  const scan = persistence.createRetainedStreamCombi.bind(persistence);

  persistence.admits = (topic, bytes) => {
    if (bytes === 0) return true;
    const bucket = buckets.get(bucketOf(topic));
    if (!bucket) return bytes <= limits.bytesPerDevice && limits.topicsPerDevice > 0;
    const before = bucket.packets.get(topic);
    const topics = bucket.packets.size + (before ? 0 : 1);
    const total = bucket.bytes - (before ? payloadBytes(before) : 0) + bytes;
    return topics <= limits.topicsPerDevice && total <= limits.bytesPerDevice;
  };
  persistence.totals = () => ({ ...held });

  (persistence as { storeRetained: StoreRetained }).storeRetained = (packet, cb) => {
    const { topic } = packet as Packet & { topic: string };
    const bytes = payloadBytes(packet);
    if (!persistence.admits(topic, bytes)) {
      const error = new RetainedCapError(topic);
      if (cb) return cb(error);
      return Promise.reject(error);
    }
    const key = bucketOf(topic);
    const bucket = buckets.get(key) ?? { packets: new Map<string, Packet>(), bytes: 0 };
    const before = bucket.packets.get(topic);
    if (before) {
      bucket.packets.delete(topic);
      bucket.bytes -= payloadBytes(before);
      held.messages--;
      held.bytes -= payloadBytes(before);
    }
    if (bytes > 0) {
      bucket.packets.set(topic, { ...packet });
      bucket.bytes += bytes;
      held.messages++;
      held.bytes += bytes;
    }
    if (bucket.packets.size === 0) buckets.delete(key);
    else buckets.set(key, bucket);
    return store(packet, cb);
  };
  persistence.createRetainedStreamCombi = (filters: string[]) => {
    const keys = filters.map(filterBucket);
    if (keys.some((k) => k === undefined)) return scan(filters);
    const found = new Set<Packet>();
    filters.forEach((filter, i) => {
      for (const [topic, packet] of buckets.get(keys[i] ?? '')?.packets ?? []) {
        if (topicMatches(filter, topic)) found.add(packet);
      }
    });
    return Readable.from([...found]);
  };
  return persistence;
}

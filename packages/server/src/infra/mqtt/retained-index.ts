import memoryPersistence, { type AedesMemoryPersistence, type Packet } from 'aedes-persistence';
import { Readable } from 'node:stream';

/** Topics are bucketed by their first levels: `pd/v1/{devId}` holds one device's topics. */
const BUCKET_LEVELS = 3;

type StoreRetained = (packet: Packet, cb?: (error?: Error | null) => void) => unknown;

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

const bucketOf = (topic: string) => topic.split('/').slice(0, BUCKET_LEVELS).join('/');

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
 */
export function indexedMemoryPersistence(): AedesMemoryPersistence {
  const persistence = memoryPersistence();
  const buckets = new Map<string, Map<string, Packet>>();
  const store = (persistence.storeRetained as StoreRetained).bind(persistence);
  const scan = persistence.createRetainedStreamCombi.bind(persistence);

  (persistence as { storeRetained: StoreRetained }).storeRetained = (packet, cb) => {
    const { topic, payload } = packet as Packet & { topic: string; payload: Buffer | string };
    const key = bucketOf(topic);
    const bucket = buckets.get(key) ?? new Map<string, Packet>();
    if (payload.length === 0) bucket.delete(topic);
    else bucket.set(topic, { ...packet });
    if (bucket.size === 0) buckets.delete(key);
    else buckets.set(key, bucket);
    return store(packet, cb);
  };
  persistence.createRetainedStreamCombi = (filters: string[]) => {
    const keys = filters.map(filterBucket);
    if (keys.some((k) => k === undefined)) return scan(filters);
    const found = new Set<Packet>();
    filters.forEach((filter, i) => {
      for (const [topic, packet] of buckets.get(keys[i] ?? '') ?? []) {
        if (topicMatches(filter, topic)) found.add(packet);
      }
    });
    return Readable.from([...found]);
  };
  return persistence;
}

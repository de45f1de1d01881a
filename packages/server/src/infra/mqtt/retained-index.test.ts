import type { Packet } from 'aedes-persistence';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { indexedMemoryPersistence, topicMatches } from './retained-index';

const retained = (topic: string, payload: string) =>
  ({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: true }) as Packet;

async function topicsOf(stream: Readable): Promise<string[]> {
  const topics: string[] = [];
  for await (const packet of stream) topics.push((packet as { topic: string }).topic);
  return topics.sort();
}

describe('topicMatches', () => {
  it.each([
    ['pd/v1/A/status', 'pd/v1/A/status', true],
    ['pd/v1/A/status', 'pd/v1/B/status', false],
    ['pd/v1/+/status', 'pd/v1/B/status', true],
    ['pd/v1/A/kids/+/status', 'pd/v1/A/kids/K/status', true],
    ['pd/v1/A/kids/+/status', 'pd/v1/A/status', false],
    ['pd/v1/A/#', 'pd/v1/A', true],
    ['pd/v1/A/#', 'pd/v1/A/kids/K/online', true],
    ['pd/v1/A', 'pd/v1/A/status', false],
  ])('%s against %s is %s', (filter, topic, expected) => {
    expect(topicMatches(filter, topic)).toBe(expected);
  });
});

describe('indexedMemoryPersistence', () => {
  const setUp = async () => {
    const persistence = indexedMemoryPersistence();
    const store = persistence.storeRetained as unknown as (p: Packet) => Promise<void>;
    await store(retained('pd/v1/A/online', '1'));
    await store(retained('pd/v1/A/status', '{}'));
    await store(retained('pd/v1/A/kids/K/status', '{}'));
    await store(retained('pd/v1/B/status', '{}'));
    return { persistence, store };
  };

  it('answers a device its own retained messages, by exact topic and by filter', async () => {
    const { persistence } = await setUp();
    expect(await topicsOf(persistence.createRetainedStreamCombi(['pd/v1/A/status']))).toEqual([
      'pd/v1/A/status',
    ]);
    expect(
      await topicsOf(persistence.createRetainedStreamCombi(['pd/v1/A/kids/+/status', 'pd/v1/A/#'])),
    ).toEqual(['pd/v1/A/kids/K/status', 'pd/v1/A/online', 'pd/v1/A/status']);
  });

  it('still answers wildcard filters across devices, and forgets a cleared message', async () => {
    const { persistence, store } = await setUp();
    await store(retained('pd/v1/A/status', ''));
    expect(await topicsOf(persistence.createRetainedStreamCombi(['pd/v1/+/status']))).toEqual([
      'pd/v1/B/status',
    ]);
    expect(await topicsOf(persistence.createRetainedStreamCombi(['pd/v1/A/status']))).toEqual([]);
  });
});

describe('retained limits per device root', () => {
  const store = (persistence: ReturnType<typeof indexedMemoryPersistence>, packet: Packet) =>
    (persistence.storeRetained as unknown as (p: Packet) => Promise<void>)(packet);

  it('refuses a new retained topic past the cap of its device, kids included', async () => {
    const persistence = indexedMemoryPersistence({ topicsPerDevice: 3, bytesPerDevice: 1000 });
    await store(persistence, retained('pd/v1/A/online', '1'));
    await store(persistence, retained('pd/v1/A/status', '{}'));
    await store(persistence, retained('pd/v1/A/kids/K1/status', '{}'));
    expect(persistence.admits('pd/v1/A/kids/K2/status', 2)).toBe(false);
    await expect(store(persistence, retained('pd/v1/A/kids/K2/status', '{}'))).rejects.toThrow(
      /limit/,
    );
    // replacing or clearing a topic it holds, and another device, are still fine
    await store(persistence, retained('pd/v1/A/status', '{"a":1}'));
    await store(persistence, retained('pd/v1/B/kids/K2/status', '{}'));
    await store(persistence, retained('pd/v1/A/kids/K1/status', ''));
    await store(persistence, retained('pd/v1/A/kids/K2/status', '{}'));
    expect(await topicsOf(persistence.createRetainedStreamCombi(['pd/v1/A/#']))).toEqual([
      'pd/v1/A/kids/K2/status',
      'pd/v1/A/online',
      'pd/v1/A/status',
    ]);
    expect(persistence.totals()).toEqual({ messages: 4, bytes: 1 + 7 + 2 + 2 });
  });

  it('refuses retained bytes past the cap of its device', async () => {
    const persistence = indexedMemoryPersistence({ topicsPerDevice: 10, bytesPerDevice: 10 });
    await store(persistence, retained('pd/v1/A/status', '12345678'));
    await expect(store(persistence, retained('pd/v1/A/online', '123'))).rejects.toThrow();
    await store(persistence, retained('pd/v1/A/status', '1234567890'));
    expect(persistence.admits('pd/v1/A/status', 11)).toBe(false);
    expect(persistence.totals()).toEqual({ messages: 1, bytes: 10 });
  });
});

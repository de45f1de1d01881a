import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BROKER_LIMITS, type BrokerLimits } from './broker-limits';
import { FrameReader, TokenBucket, guardConnection } from './connection-guard';

/** A QoS 0 PUBLISH as it goes on the wire (MQTT 3.1.1 §3.3). */
function publish(payloadBytes: number, topic = 'pd/v1/1065A3000001/status'): Buffer {
  const name = Buffer.from(topic);
  const remaining = 2 + name.length + payloadBytes;
  const length: number[] = [];
  let rest = remaining;
  do {
    const byte = rest % 128;
    rest = Math.floor(rest / 128);
    length.push(rest > 0 ? byte | 0x80 : byte);
  } while (rest > 0);
  const topicLength = Buffer.alloc(2);
  topicLength.writeUInt16BE(name.length);
  return Buffer.concat([
    Buffer.from([0x30, ...length]),
    topicLength,
    name,
    Buffer.alloc(payloadBytes, 'x'),
  ]);
}

/** A socket stand-in: `data` events in, `destroy` recorded. */
class FakeSocket extends EventEmitter {
  destroyed = false;
  destroy() {
    this.destroyed = true;
    return this;
  }
  send(chunk: Buffer) {
    this.emit('data', chunk);
  }
}

describe('FrameReader', () => {
  it('counts packets across chunk boundaries, whatever their size', () => {
    const reader = new FrameReader(64 * 1024);
    const stream = Buffer.concat([publish(10), publish(300), publish(60_000), publish(0)]);
    let packets = 0;
    for (let i = 0; i < stream.length; i += 7) {
      const read = reader.read(stream.subarray(i, i + 7));
      if (!('packets' in read)) throw new Error('refused an honest stream');
      packets += read.packets;
    }
    expect(packets).toBe(4);
  });

  it('refuses a packet over the limit from its header alone', () => {
    const reader = new FrameReader(64 * 1024);
    const big = publish(65 * 1024);
    expect(reader.read(big.subarray(0, 4))).toEqual({ refusal: 'too-large' });
  });

  it('takes a packet exactly at the limit, and refuses one a byte over it', () => {
    const packet = publish(1000);
    // a type byte and two length bytes before the remaining length
    const remaining = packet.length - 3;
    expect(new FrameReader(remaining).read(packet)).toEqual({ packets: 1 });
    expect(new FrameReader(remaining - 1).read(packet)).toEqual({ refusal: 'too-large' });
  });

  it('refuses a remaining length longer than four bytes', () => {
    const reader = new FrameReader(Number.MAX_SAFE_INTEGER);
    expect(reader.read(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff]))).toEqual({
      refusal: 'malformed',
    });
  });
});

describe('TokenBucket', () => {
  it('allows the burst at once, then the rate', () => {
    let t = 0;
    const bucket = new TokenBucket(10, 20, () => t);
    expect(bucket.take(20)).toBe(true);
    expect(bucket.take(1)).toBe(false);
    t += 1000;
    expect(bucket.take(9)).toBe(true);
  });

  it('refills no further than the burst', () => {
    let t = 0;
    const bucket = new TokenBucket(10, 20, () => t);
    t += 60_000;
    expect(bucket.take(21)).toBe(false);
  });
});

describe('guardConnection', () => {
  const limits: BrokerLimits = { ...BROKER_LIMITS, packetsPerSecond: 10, packetBurst: 20 };
  const setUp = () => {
    let t = 0;
    const socket = new FakeSocket();
    const refusals: string[] = [];
    const guard = guardConnection(
      socket as unknown as Socket,
      limits,
      (r) => refusals.push(r),
      () => t,
    );
    return { socket, refusals, guard, tick: (ms: number) => (t += ms) };
  };

  it('drops a connection sending an oversized packet, at its first bytes', () => {
    const { socket, refusals, guard } = setUp();
    socket.send(publish(65 * 1024).subarray(0, 16));
    expect(socket.destroyed).toBe(true);
    expect(refusals).toEqual(['too-large']);
    expect(guard.refused).toBe('too-large');
  });

  it('drops a connection sending faster than its rate, not one within it', () => {
    const { socket, refusals, tick } = setUp();
    for (let second = 0; second < 5; second++) {
      socket.send(Buffer.concat(Array.from({ length: 10 }, () => publish(100))));
      tick(1000);
    }
    expect(socket.destroyed).toBe(false);
    socket.send(Buffer.concat(Array.from({ length: 21 }, () => publish(100))));
    expect(refusals).toEqual(['flooding']);
    expect(socket.destroyed).toBe(true);
  });

  it('never rate-limits the servers’ own connection', () => {
    const { socket, guard } = setUp();
    guard.exemptFromRate();
    socket.send(Buffer.concat(Array.from({ length: 1000 }, () => publish(10))));
    expect(socket.destroyed).toBe(false);
  });
});

import type { Socket } from 'node:net';
import type { BrokerLimits, Refusal } from './broker-limits';

/** A token bucket: `rate` tokens a second up to `burst`; `take` fails once it is empty. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(count: number): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.rate);
    this.last = t;
    this.tokens -= count;
    return this.tokens >= 0;
  }
}

/**
 * Follows the MQTT framing of a byte stream (fixed header: a type byte, then the remaining length
 * in one to four bytes, then that many bytes) without keeping any of it, so a packet's size is
 * known from its first bytes — before the broker buffers the packet whole.
 */
export class FrameReader {
  private state: 'type' | 'length' | 'body' = 'type';
  private length = 0;
  private multiplier = 1;
  private lengthBytes = 0;
  private remaining = 0;

  constructor(private readonly maxPacketBytes: number) {}

  /** Packets begun in `chunk`, or why the stream must be dropped. */
  read(chunk: Buffer): { packets: number } | { refusal: 'too-large' | 'malformed' } {
    let packets = 0;
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'type') {
        packets++;
        i++;
        this.state = 'length';
        this.length = 0;
        this.multiplier = 1;
        this.lengthBytes = 0;
      } else if (this.state === 'length') {
        const byte = chunk[i++] ?? 0;
        this.length += (byte & 0x7f) * this.multiplier;
        this.multiplier *= 128;
        this.lengthBytes++;
        // later length bytes only add: past the limit already means too large
        if (this.length > this.maxPacketBytes) return { refusal: 'too-large' };
        if (byte & 0x80) {
          if (this.lengthBytes === 4) return { refusal: 'malformed' };
        } else {
          this.remaining = this.length;
          this.state = this.remaining === 0 ? 'type' : 'body';
        }
      } else {
        const take = Math.min(this.remaining, chunk.length - i);
        i += take;
        this.remaining -= take;
        if (this.remaining === 0) this.state = 'type';
      }
    }
    return { packets };
  }
}

/** The limits on one broker connection; `refused` once it has been dropped for breaking one. */
export interface ConnectionGuard {
  readonly refused: Refusal | undefined;
  /** The servers' own connection carries every device's traffic: no rate limit for it. */
  exemptFromRate(): void;
}

/**
 * Watches what a client sends and destroys its socket as soon as a packet is over the size limit
 * or the client sends faster than its token buckets allow.
 *
 * Attach it after the broker's own `readable` listener: a `data` listener then sees each chunk as
 * the broker reads it and does not change how the stream flows (Node gives `readable` precedence).
 * The broker still parses the chunk that tripped the guard, so its publish hook refuses anything
 * from a connection whose guard has `refused` set.
 */
export function guardConnection(
  socket: Socket,
  limits: BrokerLimits,
  onRefused: (refusal: Refusal) => void,
  now: () => number = () => performance.now(),
): ConnectionGuard {
  const frames = new FrameReader(limits.maxPacketBytes);
  const packets = new TokenBucket(limits.packetsPerSecond, limits.packetBurst, now);
  const bytes = new TokenBucket(limits.bytesPerSecond, limits.byteBurst, now);
  let rateLimited = true;
  let refused: Refusal | undefined;

  const refuse = (refusal: Refusal) => {
    refused = refusal;
    socket.off('data', watch);
    socket.destroy();
    onRefused(refusal);
  };
  const watch = (chunk: Buffer) => {
    const read = frames.read(chunk);
    if ('refusal' in read) return refuse(read.refusal);
    if (!rateLimited) return;
    // both buckets are charged, so neither refills while the other is being drained
    const packetsOk = packets.take(read.packets);
    const bytesOk = bytes.take(chunk.length);
    if (!packetsOk || !bytesOk) refuse('flooding');
  };
  socket.on('data', watch);

  return {
    get refused() {
      return refused;
    },
    exemptFromRate() {
      rateLimited = false;
    },
  };
}

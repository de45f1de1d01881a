import { Writable } from 'node:stream';
import { setImmediate as afterIo } from 'node:timers/promises';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { coalesceWrites } from './device-link';

/** A socket that records each write it makes: its chunks (one for a `write`, each of a `writev`). */
function recordingStream() {
  const writes: string[][] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push([chunk.toString()]);
      done();
    },
    writev(chunks, done) {
      writes.push(chunks.map(({ chunk }) => (chunk as Buffer).toString()));
      done();
    },
  });
  return { stream, writes, client: { stream } as unknown as Pick<MqttClient, 'stream'> };
}

/** As mqtt-packet writes a packet: cork, write, uncork on the next tick. */
function writePacket(stream: Writable, packet: string) {
  stream.cork();
  stream.write(packet);
  process.nextTick(() => stream.uncork());
}

/** As mqtt.js answers a chunk of received messages: one PUBACK a tick, each on a tick of its own. */
async function answerBurst(stream: Writable, count: number) {
  for (let i = 1; i <= count; i++) {
    writePacket(stream, `puback ${i}`);
    await new Promise<void>((next) => process.nextTick(next));
  }
}

describe('coalesceWrites', () => {
  it('sends the packets of a burst in one write', async () => {
    const { stream, writes, client } = recordingStream();
    coalesceWrites(client);
    await answerBurst(stream, 3);
    expect(writes).toEqual([]);
    await afterIo();
    expect(writes).toEqual([['puback 1', 'puback 2', 'puback 3']]);
  });

  it('leaves a socket as it was without it: a write per packet', async () => {
    const { stream, writes } = recordingStream();
    await answerBurst(stream, 3);
    await afterIo();
    expect(writes).toEqual([['puback 1'], ['puback 2'], ['puback 3']]);
  });

  it('is applied once however often it is called (each reconnect calls it)', async () => {
    const { stream, writes, client } = recordingStream();
    coalesceWrites(client);
    coalesceWrites(client);
    await answerBurst(stream, 2);
    await afterIo();
    await afterIo();
    expect(writes).toEqual([['puback 1', 'puback 2']]);
  });

  it('still ends a socket with a packet held: it is written and the stream finishes', async () => {
    const { stream, writes, client } = recordingStream();
    coalesceWrites(client);
    writePacket(stream, 'disconnect');
    await new Promise<void>((next) => process.nextTick(next));
    const finished = new Promise<void>((done) => stream.once('finish', done));
    stream.end();
    await finished;
    expect(writes.flat()).toEqual(['disconnect']);
  });

  it('does nothing to a client without a socket', () => {
    expect(() => coalesceWrites({ stream: undefined } as unknown as MqttClient)).not.toThrow();
  });
});

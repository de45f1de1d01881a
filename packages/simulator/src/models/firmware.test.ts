import { FIRMWARE_ERROR_REASONS, type FirmwareArgs } from '@powerdeck/domain';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildCommand, buildModel } from '../testing';
import { FIRMWARE_FAULT_STEPS } from './firmware';

const CHUNK = 16 * 1024;

/** An image as the server's catalogue builds them: the header, then any bytes. */
function image(devClass: string, version: string, size = 40_000): Buffer {
  const bytes = Buffer.alloc(size, 7);
  bytes.fill(0, 0, 64);
  bytes.write(`PDFW1${devClass}@${version}`, 0, 64, 'latin1');
  return bytes;
}

function upgrade(devClass = 'm4315', version = '4.0.2', bytes = image(devClass, version)) {
  const h = buildModel('m4315', {
    timing: {
      firmwareBytesPerSecond: 16 * 1024,
      firmwareVerifyMs: 500,
      firmwareInstallMs: 2000,
      firmwareRebootMs: 3000,
    },
  });
  const send = (args: FirmwareArgs) =>
    h.model.execute(buildCommand('firmware', args, { nowMs: h.scheduler.now() }));
  const begin = () =>
    send({
      step: 'begin',
      upgradeId: 'u1',
      version,
      devClass,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      chunkBytes: CHUNK,
    });
  const chunks = async () => {
    for (let seq = 0; seq * CHUNK < bytes.length; seq += 1) {
      const data = bytes.subarray(seq * CHUNK, (seq + 1) * CHUNK).toString('base64');
      const answer = send({ step: 'chunk', upgradeId: 'u1', seq, data });
      await h.scheduler.advance(1000);
      const ack = await answer;
      if (!ack.ok) return ack;
    }
    return { ok: true as const };
  };
  const firmwareEvents = () => h.events.filter((e) => e.type === 'firmware').map((e) => e.value);
  return { h, send, begin, chunks, firmwareEvents };
}

describe('firmware upgrade on a device', () => {
  it('takes the image at its download rate, verifies, installs and reboots into it', async () => {
    const u = upgrade();
    expect(await u.begin()).toEqual({ ok: true, result: { phase: 'downloading' } });
    const sent = u.send({
      step: 'chunk',
      upgradeId: 'u1',
      seq: 0,
      data: image('m4315', '4.0.2').subarray(0, CHUNK).toString('base64'),
    });
    await u.h.scheduler.advance(999);
    let answered = false;
    void sent.then(() => (answered = true));
    await Promise.resolve();
    expect(answered).toBe(false);
    await u.h.scheduler.advance(1);
    expect(await sent).toMatchObject({ ok: true, result: { received: CHUNK } });
    // the rest
    for (let seq = 1; seq * CHUNK < 40_000; seq += 1) {
      const data = image('m4315', '4.0.2')
        .subarray(seq * CHUNK, (seq + 1) * CHUNK)
        .toString('base64');
      const ack = u.send({ step: 'chunk', upgradeId: 'u1', seq, data });
      await u.h.scheduler.advance(1000);
      expect((await ack).ok).toBe(true);
    }
    const commit = u.send({ step: 'commit', upgradeId: 'u1' });
    await u.h.scheduler.advance(500);
    expect(await commit).toEqual({ ok: true, result: { phase: 'installing' } });
    await u.h.scheduler.advance(2000);
    expect(u.h.reboots).toEqual([3000]);
    const query = await u.send({ step: 'query', upgradeId: 'u1' });
    expect(query).toEqual({ ok: false, error: 'rebooting' });
    await u.h.scheduler.advance(3000);
    expect(u.h.model.status().fwVer).toBe('4.0.2');
    expect(u.firmwareEvents()).toEqual([
      'downloading',
      'verifying',
      'installing',
      'rebooting',
      '4.0.2',
    ]);
    expect(await u.send({ step: 'query', upgradeId: 'u1' })).toMatchObject({
      ok: true,
      result: { phase: 'done', fwVer: '4.0.2' },
    });
  });

  it('finds a corrupted image by its checksum, and an image of another class', async () => {
    const bytes = image('m4315', '4.0.2');
    const u = upgrade('m4315', '4.0.2', bytes);
    await u.begin();
    bytes[100] = 1;
    await u.chunks();
    const commit = u.send({ step: 'commit', upgradeId: 'u1' });
    await u.h.scheduler.advance(500);
    expect(await commit).toEqual({ ok: false, error: 'corruptedImage' });
    expect(u.firmwareEvents().at(-1)).toBe('failed:corruptedImage');
    expect(u.h.model.status().fwVer).toBe('2.4.1');

    const other = upgrade('m4320');
    expect(await other.begin()).toEqual({ ok: false, error: 'mismatchedImage' });
  });

  it('answers a chunk sent again as before, and a chunk out of order as a missing image', async () => {
    const u = upgrade();
    await u.begin();
    const data = image('m4315', '4.0.2').subarray(0, CHUNK).toString('base64');
    const first = u.send({ step: 'chunk', upgradeId: 'u1', seq: 0, data });
    await u.h.scheduler.advance(1000);
    expect((await first).ok).toBe(true);
    expect(await u.send({ step: 'chunk', upgradeId: 'u1', seq: 0, data })).toMatchObject({
      ok: true,
    });
    expect(await u.send({ step: 'chunk', upgradeId: 'u1', seq: 2, data })).toEqual({
      ok: false,
      error: 'missingImage',
    });
  });

  it('fault injection fails the next upgrade with any reason, at its step', async () => {
    for (const reason of FIRMWARE_ERROR_REASONS) {
      const u = upgrade();
      u.h.model.firmware.fault = { reason };
      const step = FIRMWARE_FAULT_STEPS[reason];
      const began = await u.begin();
      if (step === 'begin') {
        expect(began, reason).toEqual({ ok: false, error: reason });
      } else {
        const chunked = await u.chunks();
        if (step === 'chunk') {
          expect(chunked, reason).toEqual({ ok: false, error: reason });
        } else {
          const commit = u.send({ step: 'commit', upgradeId: 'u1' });
          await u.h.scheduler.advance(500);
          if (step === 'verify') expect(await commit, reason).toEqual({ ok: false, error: reason });
          else await u.h.scheduler.advance(2000);
        }
      }
      expect(u.firmwareEvents().at(-1), reason).toBe(`failed:${reason}`);
      expect(u.h.model.firmware.fault, reason).toBeUndefined();
      expect(u.h.model.status().fwVer, reason).toBe('2.4.1');
    }
  });
});

import { createHash } from 'node:crypto';
import type { DeviceClass, FirmwareImage } from '@powerdeck/domain';

/**
 * The firmware catalogue of the simulated fleet: the same releases for every device class, each
 * class with its own image bytes. The bytes are generated deterministically from the class and
 * the version (a header naming both, then SHA-256 in counter mode), so every server and every run
 * agrees on them and on their checksum; the upgrade reads them from the `firmware_images` table,
 * where they are written the first time they are needed (docs/api/firmware.md "The catalogue").
 */

interface Release {
  version: string;
  released: string;
  notes: string;
}

/** Oldest first. 1.0.0 is the firmware whose cycle group is a list of outlets (spec §7, §9). */
const RELEASES: readonly Release[] = [
  {
    version: '1.0.0',
    released: '2019-03-12',
    notes: 'First release. Cycle group set as a list of outlets 1-8.',
  },
  {
    version: '2.4.1',
    released: '2022-06-01',
    notes: 'Named cycle groups; faster status reports; fixes a clock drift after a power loss.',
  },
  {
    version: '3.1.0',
    released: '2024-02-20',
    notes: 'Sequence groups with per-outlet power-on delays; event subscriptions.',
  },
  {
    version: '4.0.2',
    released: '2025-05-14',
    notes: 'Signed images; steadier reconnects to the broker; security fixes.',
  },
];

/** The image header: magic, then `devClass@version`, NUL-padded to 64 bytes. */
export const IMAGE_MAGIC = 'PDFW1';
const HEADER_BYTES = 64;

/** Image sizes from 96 KiB to under 160 KiB, by class and version. */
const MIN_SIZE = 96 * 1024;
const SIZE_SPREAD = 64 * 1024;

function seedOf(devClass: string, version: string): Buffer {
  return createHash('sha256').update(`powerdeck-firmware:${devClass}@${version}`).digest();
}

/** The bytes of an image (deterministic: the same class and version give the same bytes). */
export function generateImage(devClass: string, version: string): Buffer {
  const seed = seedOf(devClass, version);
  const size = MIN_SIZE + (seed.readUInt32BE(0) % SIZE_SPREAD);
  const bytes = Buffer.alloc(size);
  bytes.write(`${IMAGE_MAGIC}${devClass}@${version}`, 0, HEADER_BYTES, 'latin1');
  let offset = HEADER_BYTES;
  for (let block = 0; offset < size; block += 1) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(block);
    offset += createHash('sha256').update(seed).update(counter).digest().copy(bytes, offset);
  }
  return bytes;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The catalogue: the images of a class (newest first), their checksums computed once. */
export class FirmwareCatalogue {
  private readonly byClass = new Map<DeviceClass, FirmwareImage[]>();

  images(devClass: DeviceClass): FirmwareImage[] {
    let images = this.byClass.get(devClass);
    if (!images) {
      images = RELEASES.map((release) => {
        const bytes = generateImage(devClass, release.version);
        return {
          devClass,
          version: release.version,
          released: release.released,
          releaseNotes: release.notes,
          sha256: sha256Hex(bytes),
          size: bytes.length,
        };
      }).reverse();
      this.byClass.set(devClass, images);
    }
    return images;
  }

  image(devClass: DeviceClass, version: string): FirmwareImage | undefined {
    return this.images(devClass).find((i) => i.version === version);
  }

  latest(devClass: DeviceClass): FirmwareImage | undefined {
    return this.images(devClass)[0];
  }

  /** Whether `to` is newer than the device's version (an unknown version has no update). */
  updateAvailable(devClass: DeviceClass, fwVer: string | null): boolean {
    const latest = this.latest(devClass);
    return fwVer !== null && latest !== undefined && compareVersions(latest.version, fwVer) > 0;
  }
}

/** Compares dotted versions numerically (2.10.0 > 2.9.1); text that is not a number sorts first. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => Number.parseInt(p, 10));
  const pb = b.split('.').map((p) => Number.parseInt(p, 10));
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = Number.isNaN(pa[i] ?? 0) ? -1 : (pa[i] ?? 0);
    const y = Number.isNaN(pb[i] ?? 0) ? -1 : (pb[i] ?? 0);
    if (x !== y) return x - y;
  }
  return 0;
}

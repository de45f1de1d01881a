import type { FirmwareImage } from '@powerdeck/domain';

/** Dotted versions compared by number (2.10.0 after 2.9.1), as the server's catalogue does. */
function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0 && !Number.isNaN(diff)) return diff;
  }
  return 0;
}

/** The catalogue's images newer than the device's version (none while its version is unknown). */
export function newerImages(
  images: readonly FirmwareImage[],
  fwVer: string | null,
): FirmwareImage[] {
  return fwVer === null ? [] : images.filter((image) => compareVersions(image.version, fwVer) > 0);
}

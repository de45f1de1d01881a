/** The picture kinds spec §5 allows, told apart by their first bytes (not by the file name). */
export type PictureKind = 'jpeg' | 'png' | 'gif';

export const PICTURE_CONTENT_TYPES: Record<PictureKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.length <= bytes.length && prefix.every((b, i) => bytes[i] === b);
}

/** The kind the content really is, or null when it is none of jpeg, png or gif. */
export function sniffPicture(bytes: Uint8Array): PictureKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  const head = Buffer.from(bytes.subarray(0, 6)).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

/** The kind a file name claims: jpeg, jpg, png or gif (case-insensitive), else null. */
export function kindOfName(name: string): PictureKind | null {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'jpg' || ext === 'jpeg') return 'jpeg';
  if (ext === 'png' || ext === 'gif') return ext;
  return null;
}

/** Accepted only when the name is an allowed kind and the content is that same kind. */
export function pictureKind(name: string, bytes: Uint8Array): PictureKind | null {
  const claimed = kindOfName(name);
  return claimed !== null && sniffPicture(bytes) === claimed ? claimed : null;
}

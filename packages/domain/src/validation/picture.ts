import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, IMAGE_TYPES } from '../constants';
import { validationMessages } from './validation-messages';

/** What a picture check needs of a File: its name, size in bytes and optional MIME type. */
export interface PictureFile {
  name: string;
  size: number;
  type?: string;
}

const ALLOWED_EXTENSIONS: ReadonlySet<string> = new Set(IMAGE_TYPES);
const ALLOWED_MIME_TYPES: ReadonlySet<string> = new Set(IMAGE_MIME_TYPES);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** jpeg, jpg, png or gif by extension; a MIME type, when given, must agree. */
export function isAllowedPictureType(file: PictureFile): boolean {
  if (!ALLOWED_EXTENSIONS.has(extensionOf(file.name))) return false;
  return !file.type || ALLOWED_MIME_TYPES.has(file.type.toLowerCase());
}

/** Spec §5: at most 300 KB (300 × 1024 bytes), jpeg/jpg/png/gif. */
export const pictureSchema = z
  .object({
    name: z.string(),
    size: z.number().int().nonnegative(),
    type: z.string().optional(),
  })
  .superRefine((file, ctx) => {
    if (!isAllowedPictureType(file)) {
      ctx.addIssue({ code: 'custom', message: validationMessages.pictureType, path: ['type'] });
    }
    if (file.size > IMAGE_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: validationMessages.pictureTooLarge, path: ['size'] });
    }
  });

/** The first picture error, or null when the file may be uploaded. Type is checked first. */
export function pictureError(file: PictureFile): string | null {
  if (!isAllowedPictureType(file)) return validationMessages.pictureType;
  if (file.size > IMAGE_MAX_BYTES) return validationMessages.pictureTooLarge;
  return null;
}

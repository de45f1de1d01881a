import { IMAGE_MAX_BYTES, type SessionUser, validationMessages } from '@powerdeck/domain';
import { randomUUID } from 'node:crypto';
import { badRequest, notFound, tooManyRequests } from '../../http/errors';
import type { ImagesRepository, StoredPicture, UploadQuota } from './images.repository';
import { type PictureAccess, picturePath } from './picture-access';
import { PICTURE_CONTENT_TYPES, pictureKind } from './picture-type';

/** Pictures one user may upload an hour (a stored picture is at most 300 KB). */
const UPLOAD_QUOTA: UploadQuota = { max: 50, windowSeconds: 3600 };

const uploadQuotaMessage = `You can upload ${UPLOAD_QUOTA.max} pictures an hour. Please try again later.`;

/** A 400 on the upload's one field, `fileToUpload`. */
export const uploadError = (message: string) => badRequest(message, { fileToUpload: message });

/** A file as the upload carried it. */
export interface Upload {
  filename: string;
  bytes: Buffer;
}

/**
 * Uploaded pictures: at most 300 KB, jpeg/jpg/png/gif judged by the content, at most 50 an hour
 * per user; read back only by those PictureAccess lets read them (others learn nothing of them).
 */
export class ImagesService {
  constructor(
    private readonly repo: ImagesRepository,
    private readonly access: PictureAccess,
  ) {}

  /** Stores the picture and answers where it is served. */
  async upload(user: SessionUser, upload: Upload): Promise<{ status: 'success'; path: string }> {
    if (upload.bytes.length > IMAGE_MAX_BYTES) {
      throw uploadError(validationMessages.pictureTooLarge);
    }
    const kind = pictureKind(upload.filename, upload.bytes);
    if (kind === null) throw uploadError(validationMessages.pictureType);
    const id = randomUUID();
    const saved = await this.repo.saveWithinQuota(
      {
        id,
        contentType: PICTURE_CONTENT_TYPES[kind],
        bytes: upload.bytes,
        uploadedBy: user.userId,
      },
      UPLOAD_QUOTA,
    );
    if (!saved.saved) throw tooManyRequests(uploadQuotaMessage, saved.retryAfterSeconds);
    return { status: 'success', path: picturePath(id) };
  }

  /** The picture, or the 404 of a missing one when the user may not read it. */
  async picture(user: SessionUser, id: string): Promise<StoredPicture> {
    const picture = await this.access.readable(user, id.toLowerCase());
    if (!picture) throw notFound();
    return picture;
  }
}

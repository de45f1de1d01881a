import fastifyMultipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES, callTable, validationMessages } from '@powerdeck/domain';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { CallRegistry } from '../../http/contract';
import { HttpError, badRequest, notFound, tooManyRequests } from '../../http/errors';
import type { Db } from '../../infra/db/database';
import { ImagesRepository, type UploadQuota } from './images.repository';
import { PictureAccess, picturePath } from './picture-access';
import { PICTURE_CONTENT_TYPES, pictureKind } from './picture-type';

/** Pictures one user may upload an hour (a stored picture is at most 300 KB). */
export const UPLOAD_QUOTA: UploadQuota = { max: 50, windowSeconds: 3600 };

export const uploadQuotaMessage = `You can upload ${UPLOAD_QUOTA.max} pictures an hour. Please try again later.`;

interface MultipartError {
  code?: string;
}

/**
 * images svc=uploadPicture (spec §7): multipart `fileToUpload`, at most 300 KB, jpeg/jpg/png/gif
 * judged by the content, at most 50 an hour per user; answers `{status, path}`. svc=picture serves
 * it back, to those PictureAccess lets read it (others get the 404 of a missing picture), with its
 * own content type and nosniff, so an upload can never be run as a page.
 */
export async function installImages(app: FastifyInstance, calls: CallRegistry, db: Db) {
  // one byte over the limit, so "too large" is told apart from "exactly 300 KB"
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1 } });
  const repo = new ImagesRepository(db);
  const access = PictureAccess.on(db);
  calls.implement(callTable.images, {
    uploadPicture: async ({ auth, request }) => {
      if (!request.isMultipart()) {
        throw badRequest('fileToUpload is required', {
          fileToUpload: 'fileToUpload is required',
        });
      }
      let bytes: Buffer;
      let filename: string;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'fileToUpload') {
          throw badRequest('fileToUpload is required', {
            fileToUpload: 'fileToUpload is required',
          });
        }
        filename = file.filename;
        bytes = await file.toBuffer();
      } catch (error) {
        const code = (error as MultipartError).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw badRequest(validationMessages.pictureTooLarge, {
            fileToUpload: validationMessages.pictureTooLarge,
          });
        }
        if (error instanceof HttpError) throw error;
        // anything else while reading the upload is a body the client sent broken (busboy's
        // plain errors for a truncated body included)
        throw badRequest('fileToUpload is required', {
          fileToUpload: 'fileToUpload is required',
        });
      }
      if (bytes.length > IMAGE_MAX_BYTES) {
        throw badRequest(validationMessages.pictureTooLarge, {
          fileToUpload: validationMessages.pictureTooLarge,
        });
      }
      const kind = pictureKind(filename, bytes);
      if (kind === null) {
        throw badRequest(validationMessages.pictureType, {
          fileToUpload: validationMessages.pictureType,
        });
      }
      const id = randomUUID();
      const saved = await repo.saveWithinQuota(
        { id, contentType: PICTURE_CONTENT_TYPES[kind], bytes, uploadedBy: auth.user.userId },
        UPLOAD_QUOTA,
      );
      if (!saved.saved) throw tooManyRequests(uploadQuotaMessage, saved.retryAfterSeconds);
      return { status: 'success', path: picturePath(id) };
    },
    picture: async ({ auth, input, reply }) => {
      const row = await access.readable(auth.user, input.id.toLowerCase());
      if (!row) throw notFound();
      reply
        .header('content-type', row.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400');
      return row.bytes;
    },
  });
}

import { callTable, validationMessages } from '@powerdeck/domain';
import type { FastifyRequest } from 'fastify';
import type { CallRegistry } from '../../http/contract';
import { HttpError } from '../../http/errors';
import { type ImagesService, type Upload, uploadError } from './images.service';

interface MultipartError {
  code?: string;
}

const fileRequired = 'fileToUpload is required';

/** The multipart body's one file, `fileToUpload`; anything else is a 400 on that field. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw uploadError(fileRequired);
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'fileToUpload') throw uploadError(fileRequired);
    return { filename: file.filename, bytes: await file.toBuffer() };
  } catch (error) {
    // the multipart limit is one byte over the largest picture
    if ((error as MultipartError).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw uploadError(validationMessages.pictureTooLarge);
    }
    if (error instanceof HttpError) throw error;
    // anything else while reading the upload is a body the client sent broken (busboy's plain
    // errors for a truncated body included)
    throw uploadError(fileRequired);
  }
}

/**
 * images svc=uploadPicture (spec §7): multipart `fileToUpload`; answers `{status, path}`.
 * svc=picture serves it back with its own content type and nosniff, so an upload can never be run
 * as a page.
 */
export function registerImagesRoutes(calls: CallRegistry, service: ImagesService): void {
  calls.implement(callTable.images, {
    uploadPicture: async ({ auth, request }) =>
      service.upload(auth.user, await readUpload(request)),
    picture: async ({ auth, input, reply }) => {
      const picture = await service.picture(auth.user, input.id);
      reply
        .header('content-type', picture.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400');
      return picture.bytes;
    },
  });
}

import fastifyMultipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES, validationMessages } from '@powerdeck/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type DataSvc, authedSvc } from '../../http/data-svc';
import { badRequest, notFound } from '../../http/errors';
import type { Db } from '../../infra/db/database';
import { images } from '../../infra/db/schema-locations';
import { PICTURE_CONTENT_TYPES, pictureKind } from './picture-type';

/** Where a stored picture is served; `path` of the upload answer and the imageFileRef. */
export const picturePath = (id: string) => `/data-svc/images/data-svc.php?svc=picture&id=${id}`;

export class ImagesRepository {
  constructor(private readonly db: Db) {}

  async save(id: string, contentType: string, bytes: Buffer, uploadedBy: string) {
    await this.db.insert(images).values({ id, contentType, bytes, uploadedBy });
  }

  async find(id: string) {
    const [row] = await this.db
      .select({ contentType: images.contentType, bytes: images.bytes })
      .from(images)
      .where(eq(images.id, id))
      .limit(1);
    return row;
  }
}

interface MultipartError {
  code?: string;
}

/**
 * images svc=uploadPicture (spec §7): multipart `fileToUpload`, at most 300 KB, jpeg/jpg/png/gif
 * judged by the content; answers `{status, path}`. svc=picture serves it back (signed-in users)
 * with its own content type and nosniff, so an upload can never be run as a page.
 */
export async function installImages(app: FastifyInstance, dataSvc: DataSvc, db: Db) {
  // one byte over the limit, so "too large" is told apart from "exactly 300 KB"
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1 } });
  const repo = new ImagesRepository(db);
  dataSvc.area('images', {
    uploadPicture: authedSvc({
      methods: ['POST'],
      input: z.object({ uuid: z.string().max(100).optional() }),
      handler: async ({ auth, request }) => {
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
          if (typeof code === 'string' && code.startsWith('FST_')) {
            throw badRequest('fileToUpload is required', {
              fileToUpload: 'fileToUpload is required',
            });
          }
          throw error;
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
        await repo.save(id, PICTURE_CONTENT_TYPES[kind], bytes, auth.user.userId);
        return { status: 'success', path: picturePath(id) };
      },
    }),
    picture: authedSvc({
      methods: ['GET'],
      input: z.object({ id: z.uuid({ message: 'id must be a picture id' }) }),
      handler: async ({ input, reply }) => {
        const row = await repo.find(input.id);
        if (!row) throw notFound();
        return reply
          .header('content-type', row.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=86400')
          .send(row.bytes);
      },
    }),
  });
}

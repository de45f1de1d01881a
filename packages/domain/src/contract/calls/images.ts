import { z } from 'zod';
import { uploadPictureResultSchema } from '../../api/location-admin';
import { type CallGroup, defineCall } from '../call';

/** The bytes of a non-JSON answer (with `produces`); never parsed, so any value passes. */
const bytesOutput = z.custom<Uint8Array>().meta({ type: 'string', format: 'binary' });

/** Pictures of clients and locations (spec §7 images). */
export const images = {
  uploadPicture: defineCall({
    area: 'images',
    svc: 'uploadPicture',
    methods: ['POST'],
    body: 'multipart',
    input: z.object({
      uuid: z.string().max(100).optional(),
      // read by the handler from the multipart stream, so absent among the parsed fields there;
      // without it the answer is 400 'fileToUpload is required'
      fileToUpload: z
        .file({ message: 'fileToUpload is required' })
        .optional()
        .meta({ description: 'The picture: jpeg, png or gif (by its content), at most 300 KB.' }),
    }),
    output: uploadPictureResultSchema,
    access: 'user',
    summary:
      'Stores a picture (multipart `fileToUpload`, at most 300 KB, jpeg/png/gif judged by its ' +
      'content; 50 an hour per user, then 429) and answers its path, the imageFileRef (spec §7).',
  }),
  picture: defineCall({
    area: 'images',
    svc: 'picture',
    methods: ['GET'],
    input: z.object({ id: z.uuid({ message: 'id must be a picture id' }) }),
    output: bytesOutput,
    produces: 'image/*',
    access: 'user',
    rule:
      'the uploader until the picture is a client’s or location’s imageFileRef, then whoever ' +
      'sees that client or location (others get 404)',
    summary: 'An uploaded picture’s bytes, with its own content type and nosniff.',
  }),
} satisfies CallGroup;

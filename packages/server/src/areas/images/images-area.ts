import fastifyMultipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '@powerdeck/domain';
import type { Area } from '../area';
import { ImagesRepository } from './images.repository';
import { registerImagesRoutes } from './images.routes';
import { ImagesService } from './images.service';
import { PictureAccess } from './picture-access';

/** Uploaded pictures of clients and locations; registers the multipart body parser they need. */
export const imagesArea: Area = {
  name: 'images',
  async install({ app, calls, db }) {
    // one byte over the limit, so "too large" is told apart from "exactly 300 KB"
    await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1 } });
    registerImagesRoutes(calls, new ImagesService(new ImagesRepository(db), PictureAccess.on(db)));
  },
};

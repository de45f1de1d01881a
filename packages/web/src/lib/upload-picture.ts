import { api } from './api';

/** images svc=uploadPicture&uuid (spec §7): multipart `fileToUpload`; `path` is the imageFileRef. */
export function uploadPicture(file: File, uuid: string) {
  return api.images.uploadPicture({ uuid, fileToUpload: file });
}

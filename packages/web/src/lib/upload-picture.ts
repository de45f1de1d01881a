import type { UploadPictureResult } from '@powerdeck/domain';
import { ApiRequestError, dataSvcUrl } from './api-client';

/** images svc=uploadPicture&uuid (spec §7): multipart `fileToUpload`; `path` is the imageFileRef. */
export async function uploadPicture(file: File, uuid: string): Promise<UploadPictureResult> {
  const body = new FormData();
  body.append('fileToUpload', file, file.name);
  const response = await fetch(dataSvcUrl('images', 'uploadPicture', { query: { uuid } }), {
    method: 'POST',
    body,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    // keep the text
  }
  if (response.status < 200 || response.status > 399) {
    throw new ApiRequestError(response.status, parsed);
  }
  return parsed as UploadPictureResult;
}

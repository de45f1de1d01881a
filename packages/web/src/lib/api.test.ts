import { describe, expect, it } from 'vitest';
import { stubApi, urlOf } from '../test/render';
import { api } from './api';

describe('the typed API client', () => {
  it('sends a multipart call with its files in a FormData body and its other fields in the query', async () => {
    const fetchMock = stubApi({
      uploadPicture: { body: { status: 'success', path: '/data-svc/images/picture' } },
    });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
      type: 'image/png',
    });

    const answer = await api.images.uploadPicture({ uuid: 'abc', fileToUpload: file });

    expect(answer).toEqual({ status: 'success', path: '/data-svc/images/picture' });
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    const url = new URL(urlOf(input ?? ''), 'http://localhost');
    expect(url.pathname).toBe('/data-svc/images/data-svc.php');
    expect([...url.searchParams]).toEqual([
      ['svc', 'uploadPicture'],
      ['uuid', 'abc'],
    ]);
    expect(init?.method).toBe('POST');
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    const sent = body instanceof FormData ? body.get('fileToUpload') : null;
    expect(sent).toBeInstanceOf(File);
    expect(sent instanceof File ? sent.name : '').toBe('logo.png');
    // fetch writes the multipart boundary itself
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('does not call a call that answers bytes (a picture): the console links to it', async () => {
    const fetchMock = stubApi({});
    await expect(
      api.images.picture({ id: '6f1c2a7e-1111-4222-8333-444455556666' }),
    ).rejects.toThrow('images svc=picture answers image/*: link to it instead');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

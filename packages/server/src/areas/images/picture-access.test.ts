import { describe, expect, it } from 'vitest';
import { pictureIdOf, picturePath } from './picture-access';

const ID = '6f1c2a7e-1111-4222-8333-444455556666';

describe('pictureIdOf', () => {
  it('reads the id of our picture paths, either script name', () => {
    expect(pictureIdOf(picturePath(ID))).toBe(ID);
    expect(pictureIdOf(`/data-svc/images/dataSvc.php?id=${ID.toUpperCase()}&svc=picture`)).toBe(ID);
  });

  it('refuses anything else: other hosts, other calls, no id, a bad id', () => {
    for (const ref of [
      `https://elsewhere.example.com/data-svc/images/data-svc.php?svc=picture&id=${ID}`,
      `//elsewhere.example.com/data-svc/images/data-svc.php?svc=picture&id=${ID}`,
      `/data-svc/images/data-svc.php?svc=uploadPicture&id=${ID}`,
      '/data-svc/images/data-svc.php?svc=picture',
      '/data-svc/images/data-svc.php?svc=picture&id=not-a-uuid',
      `/data-svc/notes/data-svc.php?svc=picture&id=${ID}`,
      '',
    ]) {
      expect(pictureIdOf(ref)).toBeNull();
    }
  });
});

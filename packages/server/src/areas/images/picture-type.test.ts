import { describe, expect, it } from 'vitest';
import { pictureKind, sniffPicture } from './picture-type';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const gif = new TextEncoder().encode('GIF89a....');
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0]);

describe('picture type by content', () => {
  it('recognises png, gif and jpeg by their first bytes', () => {
    expect(sniffPicture(png)).toBe('png');
    expect(sniffPicture(gif)).toBe('gif');
    expect(sniffPicture(jpeg)).toBe('jpeg');
    expect(sniffPicture(new TextEncoder().encode('hello'))).toBeNull();
  });

  it('refuses a name that does not match the content', () => {
    expect(pictureKind('a.png', gif)).toBeNull();
    expect(pictureKind('a.png', new TextEncoder().encode('<svg/>'))).toBeNull();
    expect(pictureKind('a.svg', png)).toBeNull();
  });

  it('accepts jpg and jpeg names for jpeg content, any case', () => {
    expect(pictureKind('PHOTO.JPG', jpeg)).toBe('jpeg');
    expect(pictureKind('x.jpeg', jpeg)).toBe('jpeg');
  });
});

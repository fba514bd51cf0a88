import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageSrcSetOf, imageVariantFile, imageVariantFiles, masterWidth } from './images.js';

describe('catalogue image copies', () => {
  it('names the master at the largest width and each smaller copy by its width', () => {
    expect(masterWidth('poster')).toBe(480);
    expect(masterWidth('cover')).toBe(1920);
    expect(imageVariantFile('aile-poster.webp', 'poster', 480)).toBe('aile-poster.webp');
    expect(imageVariantFile('aile-poster.webp', 'poster', 240)).toBe('aile-poster-240.webp');
    expect(imageVariantFile('aile-cover.webp', 'cover', 640)).toBe('aile-cover-640.webp');
    expect(imageVariantFiles('aile-cover.webp', 'cover')).toEqual([
      'aile-cover-640.webp',
      'aile-cover-960.webp',
      'aile-cover.webp',
    ]);
  });

  it('has no copies for an address, another format or a width it does not make', () => {
    expect(imageVariantFile('https://cdn.example/a.webp', 'poster', 240)).toBeNull();
    expect(imageVariantFile('/uploads/a.webp', 'poster', 240)).toBeNull();
    expect(imageVariantFile('a-poster.jpg', 'poster', 240)).toBeNull();
    expect(imageVariantFile('a-poster.webp', 'poster', 300)).toBeNull();
    expect(imageVariantFiles('a.png', 'cover')).toEqual([]);
  });

  it('builds a srcset of every width, smallest first, through the given address maker', () => {
    expect(imageSrcSetOf('ayla-poster.webp', 'poster', (f) => `/uploads/${f}`)).toBe(
      '/uploads/ayla-poster-240.webp 240w, /uploads/ayla-poster-360.webp 360w, /uploads/ayla-poster.webp 480w',
    );
    expect(imageSrcSetOf('https://cdn.example/x.webp', 'cover', (f) => f)).toBeUndefined();
    expect(imageSrcSetOf(null, 'cover', (f) => f)).toBeUndefined();
    expect(IMAGE_WIDTHS.cover).toEqual([640, 960, 1920]);
  });
});

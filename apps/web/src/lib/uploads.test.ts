import { describe, expect, it } from 'vitest';
import { DETAIL_CAROUSEL_SLIDES, TOP_CAROUSEL_SLIDES } from '@bosphorus/contract';
import { carouselSizes, DETAIL_CARD_SIZES, imageSrcSet, ROW_CARD_SIZES, uploadUrl } from './uploads';

describe('upload addresses', () => {
  it('puts a bare name under /uploads and leaves addresses alone', () => {
    expect(uploadUrl('a b.webp')).toBe('/uploads/a%20b.webp');
    expect(uploadUrl('https://cdn.example/x.webp')).toBe('https://cdn.example/x.webp');
    expect(uploadUrl(null)).toBe('');
  });
});

describe('srcset', () => {
  it('lists the three cover widths the pipeline writes', () => {
    expect(imageSrcSet('ayla-cover.webp', 'cover')).toBe(
      '/uploads/ayla-cover-640.webp 640w, /uploads/ayla-cover-960.webp 960w, /uploads/ayla-cover.webp 1920w',
    );
  });

  it('is absent for an image without copies, so the src alone is used', () => {
    expect(imageSrcSet('https://cdn.example/ayla.jpg', 'poster')).toBeUndefined();
    expect(imageSrcSet('', 'poster')).toBeUndefined();
  });
});

describe('sizes', () => {
  it('follows the §9 slide table of the home rows, less the page padding, up to the content width', () => {
    expect(ROW_CARD_SIZES).toBe(
      '(max-width: 426px) calc(100vw - 32px), (max-width: 769px) calc((100vw - 32px) / 2), ' +
        '(max-width: 1025px) calc((100vw - 32px) / 3), (max-width: 1440px) calc((100vw - 80px) / 4), 288px',
    );
    expect(carouselSizes(TOP_CAROUSEL_SLIDES)).toBe(ROW_CARD_SIZES);
  });

  it('never counts more slides than a row shows', () => {
    expect(carouselSizes(TOP_CAROUSEL_SLIDES, 3)).toBe(
      '(max-width: 426px) calc(100vw - 32px), (max-width: 769px) calc((100vw - 32px) / 2), ' +
        '(max-width: 1025px) calc((100vw - 32px) / 3), (max-width: 1440px) calc((100vw - 80px) / 3), 480px',
    );
  });

  it('gives the detail carousels 1, 2 or 3 per view', () => {
    expect(DETAIL_CARD_SIZES).toBe(
      '(max-width: 426px) calc(100vw - 32px), (max-width: 769px) calc((100vw - 32px) / 2), 480px',
    );
    expect(carouselSizes(DETAIL_CAROUSEL_SLIDES)).toBe(DETAIL_CARD_SIZES);
  });
});

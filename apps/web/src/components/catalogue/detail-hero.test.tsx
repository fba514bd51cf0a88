// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { SHELL_BACKDROP_IMAGE } from '@bosphorus/contract';
import { shellMarkup } from '../../shell/shell';
import { keepShellBackdrop } from '../../lib/shell-backdrop';
import { DetailHeroSkeleton } from './detail-hero';

// Decision 0099: the served shell's backdrop picture (a detail page's LCP)
// stays in the app's loading hero, on the page the document was served for.

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  keepShellBackdrop(document, '/');
});

const SHELL_IMG =
  '<img class="shell-img" src="/uploads/a-cover.webp" srcset="/uploads/a-cover-640.webp 640w, /uploads/a-cover.webp 1920w" sizes="100vw" alt="">';

/** The served document's #root: the shell, its backdrop slot filled as the server does. */
function serve(withPicture: boolean) {
  document.body.innerHTML = `<div id="root">${shellMarkup().replace(SHELL_BACKDROP_IMAGE, withPicture ? SHELL_IMG : '')}</div>`;
}

describe('DetailHeroSkeleton', () => {
  it("keeps the served shell's backdrop picture on the page the document was served for", () => {
    serve(true);
    keepShellBackdrop(document, location.pathname);
    document.body.innerHTML = '';
    const { container } = render(<DetailHeroSkeleton />);
    const img = container.querySelector('.detail-hero__backdrop img')!;
    expect(img.getAttribute('src')).toBe('/uploads/a-cover.webp');
    expect(img.getAttribute('srcset')).toBe('/uploads/a-cover-640.webp 640w, /uploads/a-cover.webp 1920w');
    expect(img.getAttribute('sizes')).toBe('100vw');
    expect(img.getAttribute('alt')).toBe('');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1920', '1080']);
  });

  it('draws an empty backdrop on any other page, or when the shell had no picture', () => {
    serve(true);
    keepShellBackdrop(document, '/moviedetail/999');
    expect(render(<DetailHeroSkeleton />).container.querySelector('.detail-hero__backdrop img')).toBeNull();
    cleanup();
    serve(false);
    keepShellBackdrop(document, location.pathname);
    expect(render(<DetailHeroSkeleton />).container.querySelector('.detail-hero__backdrop img')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ResponsiveImage } from './responsive-image';

/** The attributes of the img element React renders for `element`, by lower-case name. */
function imgOf(element: React.ReactElement): Record<string, string | undefined> {
  const tag = /<img\s[^>]*>/.exec(renderToStaticMarkup(element))?.[0] ?? '';
  const attrs: Record<string, string | undefined> = {};
  for (const [, name, value] of tag.matchAll(/\s([a-zA-Z-]+)="([^"]*)"/g)) attrs[name!.toLowerCase()] = value;
  return attrs;
}

describe('ResponsiveImage', () => {
  it("a stored picture: its copies by width, the place's sizes, the intrinsic box", () => {
    const attrs = imgOf(<ResponsiveImage kind="poster" file="aile-poster.webp" sizes="50vw" alt="" />);
    expect(attrs.src).toBe('/uploads/aile-poster.webp');
    expect(attrs.srcset).toMatch(/aile-poster-\d+\.webp \d+w/);
    expect(attrs.sizes).toBe('50vw');
    expect([attrs.width, attrs.height]).toEqual(['480', '720']);
  });

  it("a title with no picture yet shows the site's mark in the same box, fetching nothing", () => {
    for (const [kind, box] of [
      ['poster', ['480', '720']],
      ['cover', ['1920', '1080']],
    ] as const) {
      const attrs = imgOf(
        <ResponsiveImage kind={kind} file="" sizes="50vw" alt="Aile poster" loading="lazy" deferred />,
      );
      expect(attrs.src, kind).toMatch(/^data:image\/svg\+xml,/);
      const svg = decodeURIComponent(attrs.src!.slice('data:image/svg+xml,'.length).replace(/&amp;/g, '&'));
      expect(svg, kind).toContain(`viewBox="0 0 ${box[0]} ${box[1]}"`);
      expect(attrs.srcset, kind).toBeUndefined();
      expect([attrs.width, attrs.height, attrs.alt, attrs.loading], kind).toEqual([...box, 'Aile poster', 'lazy']);
    }
  });

  it('a card not wanted yet has its box and no address', () => {
    const attrs = imgOf(<ResponsiveImage kind="poster" file="aile-poster.webp" sizes="50vw" alt="" deferred />);
    expect(attrs.src).toBeUndefined();
    expect(attrs.srcset).toBeUndefined();
    expect([attrs.width, attrs.height]).toEqual(['480', '720']);
  });
});

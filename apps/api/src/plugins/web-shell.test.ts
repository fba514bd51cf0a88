import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DETAIL_SHELL_END,
  DETAIL_SHELL_START,
  FULL_BLEED_SIZES,
  HOME_ANSWER_ELEMENT_ID,
  HOME_SHELL_END,
  HOME_SHELL_START,
  GRID_CARD_SIZES,
  LIST_ANSWER_ELEMENT_ID,
  listPosterSlot,
  listShellMarkers,
  ROW_CARD_SIZES,
  SHELL_BACKDROP_IMAGE,
  SHELL_HERO_IMAGE,
  shellPosterSlot,
} from '@bosphorus/contract';
import { allowInlineStyle, documentFor, inlineStyleSource, jsonForScript, playerAssets, shellImages } from './web.js';

// The page shell's server side (decision 0060, 0061): the home part of the
// shell on home only, the visitor's home answer as inert JSON data, and the
// shell's one <style> allowed by its hash.

const TEMPLATE = `<!doctype html><html><head><!--app-head--><style>.a{color:red}</style></head><body>
<div id="root"><header>H</header>${HOME_SHELL_START}<main>skeletons</main>${HOME_SHELL_END}</div>
<link rel="stylesheet" href="/assets/index-x.css">
<script src="/assets/startup-x.js"></script></body></html>`;

/** The text of the home answer element, as the browser's parser would end it. */
function dataElement(html: string): string | null {
  const open = `<script type="application/json" id="${HOME_ANSWER_ELEMENT_ID}">`;
  const at = html.indexOf(open);
  if (at === -1) return null;
  const from = at + open.length;
  // An HTML parser ends a script element at the first "</script" (any case).
  const end = html.toLowerCase().indexOf('</script', from);
  return html.slice(from, end);
}

describe('jsonForScript', () => {
  it('leaves no "<" so no </script> or <!-- can end the element, and reads back the same', () => {
    const answer = { body: { title: 'A </script><script>alert(1)</script> <!-- B', line: 'x\u2028y\u2029z' } };
    const text = jsonForScript(JSON.stringify(answer));
    expect(text).not.toContain('<');
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(answer);
  });
});

describe('documentFor', () => {
  it('keeps the home skeletons on home and writes the answer after #root, before the stylesheet', () => {
    const answer = JSON.stringify({ body: { sliders: [{ title: '</SCRIPT></script>"<b>' }] } });
    const html = documentFor(TEMPLATE, { head: '<title>T</title>', home: true, homeAnswer: answer });
    expect(html).toContain('<title>T</title>');
    expect(html).toContain('<main>skeletons</main>');
    expect(html).not.toContain(HOME_SHELL_START);
    expect(html).not.toContain(HOME_SHELL_END);
    const data = dataElement(html);
    expect(data).not.toBeNull();
    expect(JSON.parse(data!)).toEqual(JSON.parse(answer));
    expect(html.indexOf(HOME_ANSWER_ELEMENT_ID)).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(html.indexOf(HOME_ANSWER_ELEMENT_ID)).toBeGreaterThan(html.indexOf('</main>'));
  });

  it('drops the home part and writes no answer on other routes', () => {
    const html = documentFor(TEMPLATE, { head: '', home: false, homeAnswer: '{"body":{}}' });
    expect(html).toContain('<div id="root"><header>H</header></div>');
    expect(html).not.toContain('skeletons');
    expect(html).not.toContain(HOME_ANSWER_ELEMENT_ID);
  });

  it('writes the answer before </body> when the page has no shell', () => {
    const plain = '<html><head><!--app-head--></head><body><div id="root"></div></body></html>';
    const html = documentFor(plain, { head: '', home: true, homeAnswer: '{"body":{"a":1}}' });
    expect(JSON.parse(dataElement(html)!)).toEqual({ body: { a: 1 } });
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('the shell style in the policy', () => {
  it('is allowed by the sha256 of its exact text, beside self', () => {
    const source = inlineStyleSource(TEMPLATE);
    const hash = createHash('sha256').update('.a{color:red}').digest('base64');
    expect(source).toBe(`'sha256-${hash}'`);
    const csp = "default-src 'self';script-src 'self';style-src 'self';img-src 'self'";
    expect(allowInlineStyle(csp, source!)).toBe(
      `default-src 'self';script-src 'self';style-src 'self' 'sha256-${hash}';img-src 'self'`,
    );
  });

  it('finds none in a page without a <style>', () => {
    expect(inlineStyleSource('<html><head></head><body></body></html>')).toBeNull();
  });
});

describe("the home shell's pictures (decision 0094)", () => {
  const slots = [0, 1, 2].map(shellPosterSlot).join('');
  const template = `<html><head><!--app-head--><script type="module" src="/assets/index-x.js"></script></head><body>
<div id="root">${HOME_SHELL_START}<div class="hero__media">${SHELL_HERO_IMAGE}</div><div class="row">${slots}</div>${HOME_SHELL_END}</div></body></html>`;
  const answer = (body: unknown) => JSON.stringify({ body });
  const home = {
    sliders: [{ image: '', series: { serie_cover: 'a-cover.webp' } }],
    topSeries: [
      { serie_image: 'p1-poster.webp' },
      { serie_image: 'p2$&-poster.webp' },
      { serie_image: 'p3-poster.webp' },
    ],
  };

  it("puts the hero's cover and the first row's posters in their slots, the first two preloaded from the head", () => {
    const html = documentFor(template, { head: '<title>T</title>', home: true, homeAnswer: answer(home) });
    expect(html).not.toContain(SHELL_HERO_IMAGE);
    expect(html).not.toContain(shellPosterSlot(0));
    const imgs = html.match(/<img [^>]*>/g)!;
    expect(imgs).toHaveLength(4);
    // The slider has no picture of its own: its series' cover, every copy in the srcset, fetched first.
    expect(imgs[0]).toContain('src="/uploads/a-cover.webp"');
    expect(imgs[0]).toContain('/uploads/a-cover-640.webp 640w');
    expect(imgs[0]).toContain('sizes="100vw"');
    expect(imgs[0]).toContain('fetchpriority="high"');
    expect(imgs[1]).toContain('src="/uploads/p1-poster.webp"');
    expect(imgs[1]).toContain(`sizes="${ROW_CARD_SIZES}"`);
    expect(imgs[1]).not.toContain('loading="lazy"');
    // A file name is written as it is (no replacement patterns), encoded as an address.
    expect(imgs[2]).toContain('src="/uploads/p2%24%26-poster.webp"');
    expect(imgs[3]).toContain('loading="lazy"');
    expect(imgs[3]).not.toContain('fetchpriority');
    const head = html.slice(0, html.indexOf('</head>'));
    const preloads = head.match(/<link rel="preload" as="image"[^>]*>/g)!;
    expect(preloads.map((l) => /href="([^"]+)"/.exec(l)![1])).toEqual([
      '/uploads/p1-poster.webp',
      '/uploads/p2%24%26-poster.webp',
    ]);
    expect(head.indexOf('<title>T</title>')).toBeLessThan(head.indexOf('rel="preload"'));
    expect(head.indexOf('rel="preload"')).toBeLessThan(head.indexOf('<script type="module"'));
  });

  it('leaves the slots as comments when the answer has no pictures or is not JSON', () => {
    const empty = documentFor(template, { head: '', home: true, homeAnswer: answer({ sliders: [], topSeries: [] }) });
    expect(empty).toContain(SHELL_HERO_IMAGE);
    expect(empty).not.toContain('<img');
    expect(shellImages(template, 'not json')).toEqual({ html: template, preload: '' });
  });
});

describe("a detail page's shell (decision 0099)", () => {
  const template = `<html><head><!--app-head--></head><body><div id="root"><header>H</header>${HOME_SHELL_START}<main>home</main>${HOME_SHELL_END}${DETAIL_SHELL_START}<main class="detail"><div class="detail-hero__backdrop">${SHELL_BACKDROP_IMAGE}</div></main>${DETAIL_SHELL_END}</div></body></html>`;

  it("is kept on a found title's page with its cover in the backdrop, fetched first; the home part is dropped", () => {
    const html = documentFor(template, {
      head: '',
      home: false,
      homeAnswer: null,
      detail: { cover: 'a$&-cover.webp' },
    });
    expect(html).not.toContain(DETAIL_SHELL_START);
    expect(html).not.toContain(DETAIL_SHELL_END);
    expect(html).not.toContain('<main>home</main>');
    const img = /<div class="detail-hero__backdrop">(<img [^>]*>)<\/div>/.exec(html)?.[1];
    expect(img).toContain('src="/uploads/a%24%26-cover.webp"');
    expect(img).toContain('/uploads/a%24%26-cover-960.webp 960w');
    expect(img).toContain(`sizes="${FULL_BLEED_SIZES}"`);
    expect(img).toContain('fetchpriority="high"');
    expect(img).not.toContain('loading="lazy"');
  });

  it('keeps an empty backdrop for a title without a cover, and is dropped on every other page', () => {
    const bare = documentFor(template, { head: '', home: false, homeAnswer: null, detail: { cover: null } });
    expect(bare).toContain(
      `<main class="detail"><div class="detail-hero__backdrop">${SHELL_BACKDROP_IMAGE}</div></main>`,
    );
    for (const home of [true, false]) {
      const html = documentFor(template, { head: '', home, homeAnswer: null });
      expect(html).not.toContain('detail-hero__backdrop');
      expect(html).not.toContain(DETAIL_SHELL_START);
    }
  });
});

describe("a list page's shell (decision 0099)", () => {
  const part = (kind: 'series' | 'movies') =>
    `${listShellMarkers(kind).start}<main class="${kind}">${[0, 1, 2, 3, 6]
      .map((i) => `<div class="card">${listPosterSlot(kind, i)}</div>`)
      .join('')}</main>${listShellMarkers(kind).end}`;
  const template = `<html><head><!--app-head--></head><body><div id="root"><header>H</header>${HOME_SHELL_START}<main>home</main>${HOME_SHELL_END}${part('series')}${part('movies')}</div>
<link rel="stylesheet" href="/assets/index-x.css"></body></html>`;
  const movies = JSON.stringify({
    body: {
      movies: [0, 1, 2, 3, 4, 5, 6].map((i) => ({ movie_id: i, movie_image: `m${i}-poster.webp` })),
      total_pages: 2,
    },
  });

  it("keeps its route's part with the first page's posters and answer; the first two preloaded, the first six eager", () => {
    const html = documentFor(template, {
      head: '',
      home: false,
      homeAnswer: null,
      list: { kind: 'movies', answer: movies },
    });
    expect(html).not.toContain('<main class="series">');
    expect(html).not.toContain('<main>home</main>');
    expect(html).not.toContain(listShellMarkers('movies').start);
    const imgs = html.match(/<img [^>]*>/g)!;
    expect(imgs.map((i) => /src="([^"]+)"/.exec(i)![1])).toEqual([
      '/uploads/m0-poster.webp',
      '/uploads/m1-poster.webp',
      '/uploads/m2-poster.webp',
      '/uploads/m3-poster.webp',
      '/uploads/m6-poster.webp',
    ]);
    expect(imgs.every((i) => i.includes(`sizes="${GRID_CARD_SIZES}"`))).toBe(true);
    expect(imgs.slice(0, 2).every((i) => i.includes('fetchpriority="high"') && !i.includes('loading='))).toBe(true);
    expect(imgs.slice(2, 4).every((i) => !i.includes('fetchpriority') && !i.includes('loading='))).toBe(true);
    expect(imgs[4]).toContain('loading="lazy"');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<link rel="preload" as="image"[^>]*>/g)!.map((l) => /href="([^"]+)"/.exec(l)![1])).toEqual([
      '/uploads/m0-poster.webp',
      '/uploads/m1-poster.webp',
    ]);
    const data = new RegExp(
      `<script type="application/json" id="${LIST_ANSWER_ELEMENT_ID}" data-kind="movies">([^<]*)</script>`,
    ).exec(html);
    expect(JSON.parse(data![1]!)).toEqual(JSON.parse(movies));
    expect(html.indexOf(LIST_ANSWER_ELEMENT_ID)).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
  });

  it('keeps the skeleton without an answer (a filtered address), and is dropped on every other page', () => {
    const bare = documentFor(template, {
      head: '',
      home: false,
      homeAnswer: null,
      list: { kind: 'series', answer: null },
    });
    expect(bare).toContain(`<main class="series"><div class="card">${listPosterSlot('series', 0)}</div>`);
    expect(bare).not.toContain('<main class="movies">');
    expect(bare).not.toContain(LIST_ANSWER_ELEMENT_ID);
    const wrong = documentFor(template, {
      head: '',
      home: false,
      homeAnswer: null,
      list: { kind: 'series', answer: movies },
    });
    expect(wrong).not.toContain('<img');
    for (const home of [true, false]) {
      const html = documentFor(template, { head: '', home, homeAnswer: null });
      expect(html).not.toContain('class="series"');
      expect(html).not.toContain('class="movies"');
    }
  });
});

describe("the player page's files for the app's prefetch (decision 0096)", () => {
  it('lists its module scripts (the legacy loader too), preloaded modules and stylesheet, never the legacy bundle, and the hls.js chunk', () => {
    const html = `<head><script type="module" crossorigin src="/assets/player-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/preload-helper-B.js">
<link rel="stylesheet" crossorigin href="/assets/player-C.css">
<script type="module" crossorigin src="/assets/legacy-loader-D.js"></script></head>
<body><script nomodule crossorigin id="vite-legacy-polyfill" src="/assets/polyfills-legacy-E.js"></script></body>`;
    expect(playerAssets(html, ['hls.light-legacy-F.js', 'hls.light-G.js', 'player-A.js'])).toEqual({
      page: [
        '/assets/player-A.js',
        '/assets/preload-helper-B.js',
        '/assets/player-C.css',
        '/assets/legacy-loader-D.js',
      ],
      hls: '/assets/hls.light-G.js',
    });
    expect(playerAssets('<html></html>', [])).toEqual({ page: [], hls: null });
  });
});

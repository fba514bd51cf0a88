import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LIST_PAGE_TEXTS, type MovieDetailBody } from '@bosphorus/contract';
import { nextPages, render, type RenderResult } from './entry-server';

// The server's render (decision 0107) with the real route table and pages,
// the API answered here: the status a page answers with, what a shared
// link previews, the page's HTML and the data the browser hydrates from.

const MOVIE: MovieDetailBody = {
  canPlay: false,
  movie: {
    movie_id: 5,
    movie_title: 'Kış Uykusu',
    movie_original_title: 'Kış Uykusu',
    movie_year: 2014,
    movie_duration: 196,
    movie_image: 'kis.webp',
    movie_cover: 'kis-cover.webp',
    avg_rating: 8,
    genre_title: 'Drama',
    genres: [{ genre_id: 1, genre_title: 'Drama' }],
    movie_description: 'A hotel owner in Cappadocia and the winter that changes him.',
    movie_trailer: null,
    casts: [{ id: 3, name: 'Haluk Bilginer', imageUrl: 'haluk.webp' }],
    movies_reviews: [],
    is_wishlist: '0',
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the server's own routes answer: the movie above, no promotion, a failure for movie 7, 404 for anything else. */
async function api(url: string): Promise<Response> {
  const { pathname } = new URL(url, 'http://x');
  if (pathname === '/api/movies/5') return json(200, { body: MOVIE });
  if (pathname === '/api/movies/7') return json(503, { error: 'Service unavailable' });
  if (pathname === '/api/get-promotion-text') return json(200, { body: { text: null, color: null } });
  if (pathname === '/api/series') return json(200, { body: { series: [], total_pages: 0 } });
  if (pathname === '/api/recommendations') {
    // Movie 5's come when the test says (a part streamed after the page's shell).
    await recommendationsHeld;
    return json(200, { body: { movies: [{ ...MOVIE.movie, movie_id: 8, movie_title: 'Ahlat Ağacı' }] } });
  }
  return json(404, { error: 'Not found' });
}

let recommendationsHeld: Promise<void> = Promise.resolve();

async function renderPage(
  path: string,
  titleExists: (kind: 'movie' | 'episode', id: number) => Promise<boolean> = async () => true,
  more: { nonce?: string; whole?: boolean } = {},
) {
  return render(new Request(`https://bosphorus.example${path}`), { api, titleExists, ...more });
}

/** React's stream of a page: what the pipe call wrote (the shell), and all of it once it has ended. */
function streamOf(result: RenderResult): { shell: string; all: Promise<string> } {
  if (result.kind !== 'page') throw new Error(`a ${result.kind}, not a page`);
  const chunks: Buffer[] = [];
  let finish!: () => void;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  out.on('finish', finish);
  result.pipe(out);
  const shell = Buffer.concat(chunks).toString('utf8');
  return { shell, all: ended.then(() => Buffer.concat(chunks).toString('utf8')) };
}

async function htmlOf(result: RenderResult): Promise<string> {
  if (result.kind !== 'page') throw new Error(`a ${result.kind}, not a page`);
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    out.on('finish', resolve).on('error', reject);
    result.pipe(out);
  });
  return Buffer.concat(chunks).toString('utf8');
}

describe("the server's render", () => {
  it("names the detail pages' code as the next pages' (decision 0155): the route table's import, by its source path", async () => {
    // The client build's manifest is keyed by these paths (build/ssr-modules.ts).
    expect(await nextPages()).toEqual(['src/app/detail-routes.tsx']);
  });

  it("names a lazily loaded part's code on every render, not only on the first after the server starts (lib/lazy-part.ts)", async () => {
    for (let render = 1; render <= 3; render += 1) {
      const result = await renderPage('/moviedetail/5', undefined, { whole: true });
      if (result.kind !== 'page') throw new Error(`render ${render}: a ${result.kind}`);
      await htmlOf(result);
      expect({ render, footer: result.modules().includes('src/app/footer.tsx') }).toEqual({ render, footer: true });
    }
  });

  it("writes down the page's title and its own address, whichever address opened it", async () => {
    const cases: Array<[string, string, string]> = [
      ['/moviedetail/5', 'Kış Uykusu (2014) — Bosphorus', '/moviedetail/5'],
      ['/movies/5', 'Kış Uykusu (2014) — Bosphorus', '/moviedetail/5'],
      ['/moviedetail/005?utm_source=x', 'Kış Uykusu (2014) — Bosphorus', '/moviedetail/5'],
      ['/SERVICES/', 'Services — Bosphorus', '/services'],
      ['/ALLSERIES?render=3&genre=4&page=abc', `${LIST_PAGE_TEXTS.series.title} — Bosphorus`, '/allseries?genre=4'],
      [
        '/allseries?sortby=A-Z&search=%00aşk',
        `${LIST_PAGE_TEXTS.series.title} — Bosphorus`,
        '/allseries?search=a%C5%9Fk&sortby=A-Z',
      ],
      ['/', 'Bosphorus — Turkish series and movies with English subtitles', '/'],
    ];
    for (const [address, title, canonical] of cases) {
      const result = await renderPage(address);
      if (result.kind !== 'page') throw new Error(`${address}: a ${result.kind}`);
      await htmlOf(result);
      expect({ address, title: result.title, canonical: result.canonical }).toEqual({ address, title, canonical });
    }
  });

  it("draws a movie's page from its answer, says its head, and carries the answer for hydration", async () => {
    const result = await renderPage('/moviedetail/5', undefined, { nonce: 'n0nce' });
    expect(result.kind).toBe('page');
    if (result.kind !== 'page') return;
    expect(result.status).toBe(200);
    expect(result.head).toEqual({
      kind: 'movies',
      title: 'Kış Uykusu',
      year: 2014,
      description: MOVIE.movie.movie_description,
      cover: 'kis-cover.webp',
    });
    expect(result.cacheable).toBe(true);
    // The detail page's code was loaded on demand: the document names its files.
    expect(result.modules()).toContain('src/app/detail-routes.tsx');
    const html = await htmlOf(result);
    expect(html).toContain('<main id="main" class="detail-page">');
    expect(html).toContain('Kış Uykusu');
    expect(html).toContain('A hotel owner in Cappadocia');
    expect(html).toContain('Haluk Bilginer');
    // No attribute the CSP would drop, no script without the response's nonce.
    expect(html).not.toMatch(/ style="/);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Ahlat Ağacı');
    const data = JSON.parse(result.data()) as {
      queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    const movie = data.queries.queries.find((q) => q.queryKey[0] === 'movies' && q.queryKey[2] === 5);
    expect(movie?.state.data).toEqual(MOVIE);
    // Once: the answer carries the description; the head is the server's own.
    const router = (JSON.parse(result.data()) as { router: { loaderData: Record<string, unknown> } }).router;
    expect(Object.keys(router.loaderData).length).toBeGreaterThan(0);
    expect(JSON.stringify(router.loaderData)).not.toContain('Cappadocia');
  });

  it("sends the shell first and streams the part below the first screen when its answer is in, its scripts with the response's nonce (decision 0146)", async () => {
    await renderPage('/moviedetail/5'); // the page's code is loaded: only the answer is waited for
    let release!: () => void;
    recommendationsHeld = new Promise((resolve) => (release = resolve));
    try {
      const result = await renderPage('/moviedetail/5', undefined, { nonce: 'n0nce' });
      const { shell, all } = streamOf(result);
      // The title, its description and cast are in the shell; Recommended is its skeleton.
      expect(shell).toContain('<h1 id="detail-title" class="detail-hero__title">Kış Uykusu</h1>');
      expect(shell).toContain('Haluk Bilginer');
      expect(shell).toContain('recommended-skeleton');
      expect(shell).not.toContain('Ahlat Ağacı');
      release();
      const html = await all;
      const part = html.slice(shell.length);
      expect(part).toMatch(/^<div hidden id="S:\d+">/);
      expect(part).toContain('Ahlat Ağacı');
      // Every script React wrote carries the nonce; none is without it.
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.filter((tag) => !tag.includes('application/ld+json')).length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toMatch(/^<script (nonce="n0nce"|type="application\/ld\+json")>$/);
      if (result.kind !== 'page') return;
      // The data carries the part's answer, for hydration.
      expect(result.data()).toContain('Ahlat Ağacı');
      expect(result.partFailed()).toBe(false);
    } finally {
      release();
      recommendationsHeld = Promise.resolve();
    }
  });

  it('renders a page whole, with no script, when it is to be kept', async () => {
    let release!: () => void;
    recommendationsHeld = new Promise((resolve) => (release = resolve));
    try {
      const pending = renderPage('/moviedetail/5', undefined, { nonce: 'n0nce', whole: true });
      setTimeout(release, 20);
      const { shell, all } = streamOf(await pending);
      expect(shell).toContain('Ahlat Ağacı');
      expect(await all).toBe(shell);
      expect(shell).not.toContain('nonce');
      expect(shell).not.toMatch(/<script(?! type="application\/ld\+json")/);
    } finally {
      release();
      recommendationsHeld = Promise.resolve();
    }
  });

  it('answers 404 for a title the API does not have, an id that is not one, and an address of no page', async () => {
    for (const path of ['/moviedetail/6', '/moviedetail/abc', '/nope/deeper']) {
      const result = await renderPage(path);
      expect(result.kind, path).toBe('page');
      if (result.kind !== 'page') continue;
      expect(result.status, path).toBe(404);
      expect(result.head, path).toBeNull();
    }
    const missing = await renderPage('/moviedetail/6');
    expect(await htmlOf(missing)).toContain('Title not found');
  });

  it('leaves a page whose answer failed to the browser: its first render would ask again, so it could not hydrate this one', async () => {
    await expect(renderPage('/moviedetail/7')).rejects.toThrow(
      /\["movies","detail",7,"visitor"\] failed: Service unavailable/,
    );
  });

  it("answers 404 for a player whose title is not out, and draws the player's page for one that is", async () => {
    const gone = await renderPage('/watch/9', async () => false);
    expect(gone.kind === 'page' ? gone.status : gone.kind).toBe(404);
    const out = await renderPage('/watchEpisodes/9', async (kind, id) => kind === 'episode' && id === 9);
    expect(out.kind === 'page' ? out.status : out.kind).toBe(200);
  });

  it("redirects the former Favorites address permanently, with its query, and keeps no visitor's FAQ", async () => {
    const moved = await renderPage('/profile/watch-later?filter=movies');
    expect(moved).toEqual({ kind: 'redirect', status: 301, location: '/profile/favorites?filter=movies' });
    const faq = await renderPage('/profile/faq');
    expect(faq.kind === 'page' ? faq.cacheable : faq.kind).toBe(false);
  });
});

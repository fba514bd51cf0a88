import fs from 'node:fs';
import path from 'node:path';

// A stand-in for the web app's server build (apps/web/dist/server and the
// client manifest), with the real one's interface, for the API's web tests:
// it answers as the real one would for an address, from the API in process.
// What the real route table answers for each address is the browser tests'
// (e2e/tests/hydration.spec.ts) and the web app's own (entry-server.test.tsx).

/**
 * The stand-in's pages, as a route table names them: some of each kind the
 * API treats apart (home, a list, the detail pages by both names, the
 * players, a visitor's form, a signed-in viewer's page, the console). The
 * real table's addresses are the web app's (routes.test.tsx); the browser
 * tests visit each of them (e2e/tests/routes.spec.ts).
 */
export const STAND_IN_PAGES = [
  '/',
  '/signin',
  '/register',
  '/newpassword',
  '/services',
  '/allseries',
  '/allmovies',
  '/moviedetail/:id',
  '/movies/:id',
  '/seriesdetail/:id',
  '/watch/:id',
  '/watchEpisodes/:id',
  '/choosepayment',
  '/profile',
  '/profile/favorites',
  '/profile/faq',
  '/profile/privacy-policy',
  '/admin',
  '/admin/catalogue',
] as const;
const PAGES = STAND_IN_PAGES.map((route) => `^${route.replace(/:id/g, '[^/]+')}/?$`);
/**
 * The stand-in server build: a page of the route list answers 200, anything
 * else 404 (the app's own 'Page not found'); a detail page says its head
 * from its title's answer and answers 404 for a title the API does not
 * have, a player asks the server whether its title is out (as the app's
 * loaders do, apps/web/src/app/route-data.ts, tested with the real render in
 * apps/web/src/entry-server.test.tsx); /boom fails to render, /moved
 * redirects; the data is the visitor's home answer, from the API in process.
 * With `?part` in its address a page has a part streamed after its shell
 * (decision 0146), written in the render with `whole`; `?part=fails` says
 * the part failed, `?part=slow` sends it 300 ms after the shell.
 */
export const SERVER_ENTRY = `
const pages = ${JSON.stringify(PAGES)}.map((p) => new RegExp(p));
globalThis.__renders = 0;
export const isSmartTvUserAgent = (ua) => /Tizen|Web0S/.test(ua ?? '');
export const rootClasses = ['signed-in'];
export const nextPages = async () => ['src/detail.tsx'];
/** A detail page's head from its title's answer; null with a 404 (the app's detailLoader). */
async function detail(api, pathname) {
  const match = /^\\/(moviedetail|movies|seriesdetail)\\/(\\d{1,15})\\/?$/.exec(pathname);
  if (!match) return undefined;
  const series = match[1] === 'seriesdetail';
  const answer = await api('/api/' + (series ? 'series/' : 'movies/') + match[2]);
  if (answer.status !== 200) return null;
  const { body } = await answer.json();
  const t = series ? body.series : body.movie;
  return series
    ? { kind: 'series', id: t.serie_id, title: t.serie_title, year: t.serie_year, description: t.serie_description, cover: t.serie_cover }
    : { kind: 'movies', id: t.movie_id, title: t.movie_title, year: t.movie_year, description: t.movie_description, cover: t.movie_cover };
}
export async function render(request, { api, titleExists, nonce, whole }) {
  const { pathname, searchParams } = new URL(request.url);
  const streams = searchParams.has('part');
  if (pathname === '/boom') throw new Error('the page could not be rendered');
  if (pathname === '/moved') return { kind: 'redirect', status: 301, location: '/allseries' };
  globalThis.__renders += 1;
  const home = await (await api('/api/home')).json();
  const head = await detail(api, pathname);
  const watch = /^\\/(watch|watchEpisodes)\\/([^/]+)$/.exec(pathname);
  const out = !watch || (/^\\d+$/.test(watch[2]) && (await titleExists(watch[1] === 'watch' ? 'movie' : 'episode', Number(watch[2]))));
  const known = pages.some((p) => p.test(pathname)) && head !== null && !/^\\/(moviedetail|movies|seriesdetail)\\/(?!\\d+$)/.test(pathname) && out;
  return {
    kind: 'page',
    head: head ?? null,
    // The app's own words on the document: a detail page's title, its address by id; else the site's, the path.
    title: head ? head.title + ' (' + head.year + ') — Bosphorus' : 'Bosphorus — Turkish series and movies with English subtitles',
    canonical: head ? '/' + (head.kind === 'series' ? 'seriesdetail/' : 'moviedetail/') + head.id : pathname,
    status: known ? 200 : 404,
    cacheable: known && !pathname.startsWith('/profile'),
    modules: () => (pathname === '/profile/faq' ? ['src/faq.tsx'] : []),
    data: () => JSON.stringify({ home }).replace(/</g, '\\\\u003c'),
    partFailed: () => searchParams.get('part') === 'fails',
    pipe(out) {
      const page = '<main class="page" data-page="' + pathname + '">rendered ' + globalThis.__renders;
      const part = '<p class="dialog">the part</p>';
      if (!streams) return void out.end(page + '</main>');
      if (whole) {
        globalThis.__wholeRenders = (globalThis.__wholeRenders ?? 0) + 1;
        return void out.end(page + part + '</main>');
      }
      // As React streams a part that waits for its answer: its place in the
      // shell, then the part and the script that puts it there.
      out.write(page + '<template id="B:0"></template></main>');
      setTimeout(() => out.end('<div hidden id="S:0">' + part + '</div><script nonce="' + nonce + '">$RC("B:0","S:0")</script>'), searchParams.get('part') === 'slow' ? 300 : 20);
    },
  };
}
`;
/** The client build's manifest: the FAQ page's chunk, its stylesheet and a shared chunk; the next pages' (`nextPages`). */
export const MANIFEST = {
  'index.html': { file: 'assets/app.js', css: ['assets/app.css'], imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/faq.tsx': { file: 'assets/faq.js', css: ['assets/faq.css'], imports: ['_shared.js', '_cards.js'] },
  '_cards.js': { file: 'assets/cards.js', css: ['assets/cards.css'] },
  'src/detail.tsx': { file: 'assets/detail.js', css: ['assets/detail.css'], imports: ['_shared.js', '_cards.js'] },
};

/** Writes the stand-in server build and the client manifest into the built web app `dist`. */
export function writeServerBuild(dist: string): void {
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'server', 'entry-server.mjs'), SERVER_ENTRY);
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
}

// The page shell in the served document (issue 15, decisions 0060, 0061):
// what the web build writes into index.html and the server fills per request.

/** Around the home page's part of the shell; the server drops it on other routes. */
export const HOME_SHELL_START = '<!--home-shell-->';
export const HOME_SHELL_END = '<!--/home-shell-->';
/** Around a detail page's part of the shell; the server keeps it on a found title's detail route only. */
export const DETAIL_SHELL_START = '<!--detail-shell-->';
export const DETAIL_SHELL_END = '<!--/detail-shell-->';
/** The list pages (/allseries, /allmovies). */
export type ListShellKind = 'series' | 'movies';
/** Around a list page's part of the shell, one per kind; the server keeps its route's (decision 0099). */
export const listShellMarkers = (kind: ListShellKind) => ({
  start: `<!--list-shell:${kind}-->`,
  end: `<!--/list-shell:${kind}-->`,
});
/** Skeleton cards of a list's loading grid: the app's and the shell's. */
export const LIST_SKELETON_CARDS = 12;
/** A list's first cards, above the fold at every width: fetched at once (the rest lazily). */
export const LIST_EAGER_CARDS = 6;
/** A list shell's card slot the server fills with the first page's poster (decision 0099). */
export const listPosterSlot = (kind: ListShellKind, index: number): string => `<!--list-poster:${kind}-${index}-->`;
/**
 * The id of the `<script type="application/json">` holding a visitor's
 * answer of a list's first page (GET /api/series?page=1 or
 * /api/movies/filters?page=1) in the list document, its kind in
 * `data-kind`: the app draws the grid from it at once (decision 0099).
 */
export const LIST_ANSWER_ELEMENT_ID = 'list-answer';
/**
 * The id of the `<script type="application/json">` holding a visitor's
 * GET /api/home answer in the home document (data, never run: the CSP allows
 * no inline script).
 */
export const HOME_ANSWER_ELEMENT_ID = 'home-answer';

/**
 * Where the home shell's first pictures go (decision 0094): the build writes
 * these comments into the hero's box and the first row's poster boxes; the
 * server puts the hero's cover and the first row's posters there from the
 * home answer it already holds, so they load with the document, not after
 * the app's JavaScript. Left as they are (a comment) when there is nothing.
 */
export const SHELL_HERO_IMAGE = '<!--shell-hero-image-->';
export const shellPosterSlot = (index: number): string => `<!--shell-poster-${index}-->`;
/** A detail page's backdrop slot: the server puts the title's cover there (decision 0099). */
export const SHELL_BACKDROP_IMAGE = '<!--shell-backdrop-image-->';

/**
 * The app's module scripts start after the shell's first paint (decision
 * 0099): the build takes them out of the head and lists them on the start-up
 * script's tag, which adds them once the shell is on screen — the document's
 * pictures get the link first. Space-separated addresses under /assets/: the
 * module scripts, in the order they run (the entry, then the legacy loader),
 * and the modules they import, fetched beside them.
 */
export const APP_MODULES_ATTRIBUTE = 'data-app-modules';
export const APP_PRELOADS_ATTRIBUTE = 'data-app-preloads';

/** The app's module addresses as a served document lists them (modules in the order they run). */
export function appModulesOf(html: string): { modules: string[]; preloads: string[] } {
  const list = (name: string) => (new RegExp(`\\b${name}="([^"]*)"`).exec(html)?.[1] ?? '').split(' ').filter(Boolean);
  return { modules: list(APP_MODULES_ATTRIBUTE), preloads: list(APP_PRELOADS_ATTRIBUTE) };
}

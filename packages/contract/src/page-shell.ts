// The page shell in the served document (issue 15, decisions 0060, 0061):
// what the web build writes into index.html and the server fills per request.

/** Around the home page's part of the shell; the server drops it on other routes. */
export const HOME_SHELL_START = '<!--home-shell-->';
export const HOME_SHELL_END = '<!--/home-shell-->';
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

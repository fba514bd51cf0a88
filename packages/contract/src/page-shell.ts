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

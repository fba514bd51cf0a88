// Spec §9 business constants. One module for both sides: the web app and the
// API import these names, never the bare numbers.

export const APP_VERSION = '110';
export const REQUEST_TIMEOUT_MS = 30_000;
export const TOKEN_REFRESH_THRESHOLD_SECONDS = 300;
export const TOKEN_CHECK_INTERVAL_MS = 300_000;
export const BANNED_POLL_INTERVAL_MS = 30_000;
/** How often the header bell asks again for its list (and on window focus). */
export const NOTIFICATIONS_POLL_MS = 60_000;
export const AUTH_RESTORE_DELAY_MS = 50;
export const TOKEN_COOKIE_EXPIRY = 24;
export const SOCIAL_TOKEN_COOKIE_DAYS = 7;
export const VERIFICATION_CODE_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 60;
export const SEARCH_DEBOUNCE_MS = 400;
export const TOAST_DEFAULT_MS = 5_000;
export const TOAST_SHORT_MS = 3_000;
export const TOAST_LONG_MS = 15_000;
export const REGISTRATION_REDIRECT_MS = 5_000;
export const HERO_AUTOPLAY_MS = 5_000;
export const RELOAD_PLAYER_DELAY_MS = 100;
export const STARTUP_TIMEOUT_MS = 15_000;
export const RATING_MIN = 1;
export const RATING_MAX = 10;
/** Longest review text we keep (characters); a clear 400 beyond it. */
export const REVIEW_CONTENT_MAX_CHARS = 2000;
/** Longest reply text we keep (characters). */
export const REVIEW_REPLY_MAX_CHARS = 1000;
export const PAGINATION_WINDOW = 5;

/** Page size of the list calls. The spec leaves it open (§9): see docs/decisions. */
export const LIST_PAGE_SIZE = 24;

/** Hero card tap navigates only below this width (spec §9). */
export const HERO_TAP_MAX_WIDTH_PX = 592;
/** Mobile menu and layout breakpoint (spec §9). */
export const LAYOUT_BREAKPOINT_PX = 1024;

/**
 * Carousel slides per width (spec §9): up to 426 px 1; to 769 px 2; to 1025 px
 * 3; to 1440 px 4; above that 5. Each entry is [max width, slides].
 */
export const TOP_CAROUSEL_SLIDES: ReadonlyArray<readonly [number, number]> = [
  [426, 1],
  [769, 2],
  [1025, 3],
  [1440, 4],
  [Infinity, 5],
];
/** Detail-page carousels show 1, 2 or 3 by the widths 426, 769 and 1025. */
export const DETAIL_CAROUSEL_SLIDES: ReadonlyArray<readonly [number, number]> = [
  [426, 1],
  [769, 2],
  [Infinity, 3],
];
export const RECENT_ROW_LIMIT = 4;
export const LATEST_EPISODES_LIMIT = 3;

export function slidesForWidth(
  table: ReadonlyArray<readonly [number, number]>,
  widthPx: number,
  limit = Infinity,
): number {
  const found = table.find(([max]) => widthPx <= max);
  return Math.min(found ? found[1] : table[table.length - 1]![1], limit);
}

/** Spec §9 data-query defaults (TanStack Query options). */
export const QUERY_DEFAULTS = {
  retries: 3,
  retriesSafari: 2,
  maxRetryDelayMs: 30_000,
  staleTimeMs: 30_000,
  gcTimeMs: 300_000,
  detailStaleTimeMs: 5_000,
  userStaleTimeMs: 30_000,
  mutationRetries: 2,
  mutationRetryDelayMs: 1_000,
} as const;

export const PLAYER_MAX_WIDTH_PX = 1100;
export const PLAYER_MAX_HEIGHT_PX = 600;
export const DESCRIPTION_BOX_HEIGHT_PX = 200;
/**
 * The footer's copyright year: the current year (issue 15; the spec wrote
 * 2025, the year it was written), from the viewer's clock.
 */
export function copyrightYear(now: Date = new Date()): number {
  return now.getFullYear();
}

/**
 * Issue 16: how deeply a request body may nest (objects and arrays). Every
 * call of the contract is at most three levels deep; a deeper body is
 * refused before anything walks it.
 */
export const MAX_BODY_DEPTH = 32;

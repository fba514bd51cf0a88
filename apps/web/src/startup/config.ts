import {
  APP_MODULES_ELEMENT_ID,
  APP_MODULES_WAIT_MS,
  APP_VERSION,
  ERROR_FILTERS,
  ERROR_REPORT_LIMITS,
  PAGE_SHEET_ATTRIBUTE,
  STARTUP_TIMEOUT_MS,
  SYSTEM_ERROR_TEXTS,
  TOAST_DEFAULT_MS,
} from '@bosphorus/contract';
import {
  APP_VERSION_STORAGE_KEY,
  CONTINUE_ROW_CLASSES,
  CONTINUE_ROWS_STORAGE_KEY,
  NO_PLAN_STATUSES,
  SIGNED_IN_ROOT_CLASS,
  SUBSCRIBER_ROOT_CLASS,
  TOKEN_COOKIE_NAME,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
} from '../lib/auth-store';

// The configuration of the start-up script (startup.js reads it as `C`):
// the texts and constants of packages/contract and the storage keys of
// lib/auth-store, so nothing in the script is a hand copy (decision 0052).

const regex = (r: RegExp) => ({ source: r.source, flags: r.flags });

/** What startup.js reads as `C`. */
export function startupConfig() {
  return {
    version: APP_VERSION,
    timeoutMs: STARTUP_TIMEOUT_MS,
    signedInClass: SIGNED_IN_ROOT_CLASS,
    subscriberClass: SUBSCRIBER_ROOT_CLASS,
    noPlanStatuses: NO_PLAN_STATUSES,
    continueRowClasses: Object.values(CONTINUE_ROW_CLASSES),
    toastMs: TOAST_DEFAULT_MS,
    // The app's modules, added once the first screen is in (decision 0142).
    modules: { elementId: APP_MODULES_ELEMENT_ID, waitMs: APP_MODULES_WAIT_MS, sheetAttribute: PAGE_SHEET_ATTRIBUTE },
    endpoint: ERROR_FILTERS.reportingPath,
    keys: {
      version: APP_VERSION_STORAGE_KEY,
      token: TOKEN_STORAGE_KEY,
      user: USER_STORAGE_KEY,
      continueRows: CONTINUE_ROWS_STORAGE_KEY,
      // Spec §4 Version change: the saved user and authToken survive it
      // (the refresh credential is an HttpOnly cookie: no script touches it).
      keep: [USER_STORAGE_KEY, TOKEN_STORAGE_KEY],
      keepCookies: [TOKEN_COOKIE_NAME],
    },
    texts: {
      ...SYSTEM_ERROR_TEXTS,
      errorTypes: {
        error: 'Uncaught error',
        unhandledrejection: 'Unhandled promise rejection',
        'startup-timeout': 'Start-up timeout',
      },
    },
    filters: {
      ignoredInUi: regex(ERROR_FILTERS.ignoredInUi),
      network: regex(ERROR_FILTERS.network),
      reportingPath: ERROR_FILTERS.reportingPath,
      recursion: ERROR_FILTERS.recursion,
      clientPerMinute: ERROR_FILTERS.clientPerMinute,
      clientPerError: ERROR_FILTERS.clientPerError,
    },
    limits: ERROR_REPORT_LIMITS,
  };
}

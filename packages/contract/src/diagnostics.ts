import { z } from 'zod';

// Client error reports (spec §4 Global errors, §8, §9 frontend_version) and
// the technical support answers (spec §2 Profile area, §7); decision 0053.

/** What raised the report. */
export const ERROR_REPORT_TYPES = ['error', 'unhandledrejection', 'startup-timeout'] as const;
export type ErrorReportType = (typeof ERROR_REPORT_TYPES)[number];

/** Field limits of `POST /api/error-reports` (longer is a 400 naming the field). */
export const ERROR_REPORT_LIMITS = {
  name: 200,
  message: 2_000,
  source: 2_000,
  stack: 16_000,
  page_url: 2_000,
  user_agent: 1_000,
  frontend_version: 20,
  /** Whole body, bytes. */
  body: 32 * 1024,
} as const;

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const position = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(10_000_000, 'must be at most 10000000');

/** `POST /api/error-reports` body (JSON, as the start-up script sends it). */
export const errorReportForm = z.object({
  type: z.enum(ERROR_REPORT_TYPES, { error: `must be one of ${ERROR_REPORT_TYPES.join(', ')}` }),
  name: text(ERROR_REPORT_LIMITS.name).optional(),
  message: text(ERROR_REPORT_LIMITS.message).min(1, 'is required'),
  source: text(ERROR_REPORT_LIMITS.source).optional(),
  line: position.optional(),
  column: position.optional(),
  stack: text(ERROR_REPORT_LIMITS.stack).optional(),
  page_url: text(ERROR_REPORT_LIMITS.page_url).optional(),
  user_agent: text(ERROR_REPORT_LIMITS.user_agent).optional(),
  /** When it happened on the device (ISO 8601). */
  timestamp: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' }).optional(),
  /** Spec §9: '110'. */
  frontend_version: text(ERROR_REPORT_LIMITS.frontend_version).min(1, 'is required'),
  is_tv: z.boolean({ error: 'must be true or false' }).optional(),
});
export type ErrorReportForm = z.infer<typeof errorReportForm>;

/** `GET /api/technical-support` → body.connection, body.checks */
export const techSupportBody = z.object({
  connection: z.object({
    ip: z.string(),
    user_agent: z.string(),
    /** null: nothing configured can tell (decision 0053). */
    vpn: z.boolean().nullable(),
  }),
  /** The CDN group: absolute URLs on the media origins, fetched by the page. */
  cdn: z.array(z.object({ id: z.enum(['mainManifest', 'mainSegment', 'backupSegment']), url: z.string() })),
});
export type TechSupportBody = z.infer<typeof techSupportBody>;

/**
 * Spec §8 filters of the web app's error reporting, applied by the start-up
 * script (apps/web/src/startup), which gets them from here at build time.
 */
export const ERROR_FILTERS = {
  /** Errors whose message is only this are ignored in the UI (cross-origin scripts hide theirs). */
  ignoredInUi: /^\s*Script error\.?\s*$/i,
  /** Network-type errors are dropped from reporting: failed to fetch, connection reset, timeout, offline, quota exceeded. */
  network:
    /failed to fetch|networkerror|network error|load failed|network request failed|connection (?:reset|refused|closed|aborted)|err_connection|err_network|err_internet_disconnected|err_name_not_resolved|econnreset|timed? ?out|timeout|offline|quota ?exceeded|quotaexceedederror/i,
  /** Events mentioning the reporting address are dropped, so a failing report never reports itself. */
  reportingPath: '/api/error-reports',
  /** The recursion guard: more than `calls` within `windowMs` throws SYSTEM_ERROR_TEXTS.recursion. */
  recursion: { calls: 100, windowMs: 100 },
  /** The page's own limit, before the server's (ERROR_REPORT_RULE): reports per minute, and per identical error. */
  clientPerMinute: 10,
  clientPerError: 2,
} as const;

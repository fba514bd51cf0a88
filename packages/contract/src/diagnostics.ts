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

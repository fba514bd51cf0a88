import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  ERROR_REPORT_LIMITS,
  errorReportForm,
  SYSTEM_ERROR_TEXTS,
  techSupportBody,
} from '@bosphorus/contract';
import type { Db } from '../../db/client.js';
import { authErrorBody, privateAnswers } from '../../plugins/auth.js';
import { boundedJsonParser } from '../../plugins/json-body.js';
import { byIp, MINUTE, type LimitRule, type Limits } from '../../plugins/rate-limits.js';
import { PROBE_PLAYLIST, PROBE_SEGMENT, type DiagnosticsService } from './diagnostics.service.js';

// Our own calls of issue 14 (decision 0053):
//   POST /api/error-reports           the web app's uncaught errors (spec §4, §8, §9)
//   GET  /api/technical-support       signed in: IP, user agent, VPN flag, CDN probe URLs (spec §2)
//   GET  /api/technical-support/ping  the backend test's API check (database included)
//   GET  /media-probe/index.m3u8, /media-probe/segment.ts   the CDN test, on each media origin

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, authErrorBody]));
/**
 * What a report may arrive as: a form, JSON, or sendBeacon's text. Not
 * multipart: a public beacon keeps its small body limit, which a multipart
 * reader would not enforce (issue 27 finding 5: the document says only what
 * the route takes).
 */
const FORMS = ['application/x-www-form-urlencoded', 'application/json', 'text/plain'];

/** DESIGN §4: reports are rate-limited per client address (the page limits itself too: apps/web/startup). */
export const ERROR_REPORT_RULE: LimitRule = { name: 'error-report-ip', max: 30, timeWindowMs: MINUTE, key: byIp };

/** Forms send text: 'true'/'false' are the flag too. */
const reportBody = errorReportForm.extend({
  is_tv: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: 'must be true or false' })
    .optional(),
});

export interface DiagnosticsRoutesOptions {
  service: DiagnosticsService;
  limit: Limits;
  db: Db;
  /** The user of a valid bearer token, else null: a report is never refused for an expired token. */
  identify(req: FastifyRequest): Promise<number | null>;
  /** The media origins the CDN test reads for this request (plugins/site-origin.ts): main, and the backup the player fails over to. */
  media(req: FastifyRequest): { main: string; backup: string };
}

export async function diagnosticsRoutes(app: FastifyInstance, opts: DiagnosticsRoutesOptions) {
  const { service } = opts;
  privateAnswers(app);
  // sendBeacon posts a string as text/plain: the same JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, boundedJsonParser(app));
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/error-reports',
    {
      bodyLimit: ERROR_REPORT_LIMITS.body,
      schema: {
        consumes: FORMS,
        body: reportBody,
        response: { 202: z.object({ message: z.string() }), ...errors(400, 413, 429) },
      },
      preValidation: async (req) => {
        req.body ??= {} as typeof req.body;
      },
      preHandler: opts.limit(ERROR_REPORT_RULE),
    },
    async (req, reply) => {
      await service.recordErrorReport(req.body, {
        userId: await opts.identify(req),
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      });
      return reply.code(202).send({ message: SYSTEM_ERROR_TEXTS.reportReceived });
    },
  );

  api.get(
    '/technical-support',
    {
      schema: { response: { 200: envelope(techSupportBody), ...errors(401, 403) } },
      preHandler: app.authenticate,
    },
    async (req) => {
      const media = opts.media(req);
      return {
        body: {
          connection: {
            ip: req.ip,
            user_agent: req.headers['user-agent'] ?? '',
            vpn: await service.vpnFlag(req),
          },
          cdn: [
            { id: 'mainManifest' as const, url: `${media.main}/media-probe/index.m3u8` },
            { id: 'mainSegment' as const, url: `${media.main}/media-probe/segment.ts` },
            { id: 'backupSegment' as const, url: `${media.backup}/media-probe/segment.ts` },
          ],
        },
      };
    },
  );

  api.get(
    '/technical-support/ping',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => {
      await opts.db.query('SELECT 1');
      return { status: 'ok' as const };
    },
  );
}

/** The CDN test's files, registered on the root: the media origins serve them as they serve /media. */
export async function mediaProbeRoutes(app: FastifyInstance, opts: { appOrigin(req: FastifyRequest): string }) {
  // The app page reads the status and times the download.
  const headersOf = (req: FastifyRequest) => ({
    'cache-control': 'no-store',
    'access-control-allow-origin': opts.appOrigin(req),
    vary: 'Origin',
  });
  // A page sending its own headers (a proxy's, a TV browser's) asks first.
  app.options('/media-probe/*', { schema: { hide: true } }, (req, reply) =>
    reply
      .headers({
        ...headersOf(req),
        'access-control-allow-methods': 'GET, HEAD',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '',
        'access-control-max-age': '600',
      })
      .code(204)
      .send(),
  );
  app.get('/media-probe/index.m3u8', { schema: { hide: true } }, (req, reply) =>
    reply.headers(headersOf(req)).type('application/vnd.apple.mpegurl').send(PROBE_PLAYLIST),
  );
  app.get('/media-probe/segment.ts', { schema: { hide: true } }, (req, reply) =>
    reply.headers(headersOf(req)).type('video/mp2t').send(PROBE_SEGMENT),
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERRORS,
  AUTH_ERRORS,
  envelope,
  issueReportForm,
  PLAYBACK_TEXTS,
  playbackTokenBody,
  playbackTokenQuery,
  PLAYER_MESSAGES,
  progressForm,
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_COLORS,
  SUBTITLE_SIZES,
  watchEpisodeBody,
  watchEpisodeQuery,
  watchMovieBody,
  watchMovieQuery,
} from '@bosphorus/contract';
import { assertSameUser, HttpFailure } from '../../plugins/auth.js';
import { MINUTE, type LimitRule, type Limits } from '../../plugins/rate-limits.js';
import { errorAnswers, FORM_TYPES, idString, numericId, acceptPrivateForms } from '../../plugins/routes.js';
import type { PlaybackService } from './playback.service.js';
import type { SiteOrigins } from '../../plugins/site-origin.js';

// Spec §7 `GET /movies/{id}/watch`, `GET /episodes`, `POST /report`, and our
// `GET /playback-token`, `POST /user/{id}/progress` and `POST /user/{id}/subtitle-settings`. Every
// answer is private (no-store): it carries a playback token or a user's data.

const idParam = z.object({
  id: numericId(),
});

/** A whole number sent as form text or as a JSON number ('' is not a number). */
const wholeNumber = (max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,16}$/, { message: 'must be a whole number' })
        .transform(Number),
    ])
    .pipe(z.number().int().min(0).max(max));
/** An id sent as form text or as a JSON number. */
const idText = z.union([z.string(), z.number().int().transform(String)]);

/** The contract's progressForm, also taking JSON numbers, and '' as missing rather than 0. */
export const progressBody = progressForm.extend({
  user_id: idText.pipe(z.string().max(20)).optional(),
  video_id: idText.pipe(idString()),
  position_seconds: wholeNumber(86_400),
  duration_seconds: wholeNumber(86_400),
  client_time: wholeNumber(Number.MAX_SAFE_INTEGER),
});

/** A form's true/false as browsers and TVs send it ('true'/'false', '1'/'0') or JSON's boolean. */
const formFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** The form of POST /user/{id}/subtitle-settings: the contract's subtitleSettings as form fields. */
export const subtitleSettingsForm = z.object({
  user_id: idText.pipe(z.string().max(20)).optional(),
  size: z.enum(SUBTITLE_SIZES),
  color: z.enum(SUBTITLE_COLORS),
  background: z.enum(SUBTITLE_BACKGROUNDS),
  dual: formFlag,
});

/** The form of POST /user/{id}/player-settings (issue 28). */
export const playerSettingsForm = z.object({
  user_id: idText.pipe(z.string().max(20)).optional(),
  auto_skip: formFlag,
});

/** A form text field that also takes a JSON number or boolean as its text. */
const asText = (schema: z.ZodOptional<z.ZodString>) =>
  z.union([z.string(), z.number(), z.boolean()]).transform(String).pipe(schema.unwrap()).optional();
type ReportTextFields = { [K in Exclude<keyof typeof issueReportForm.shape, 'note'>]: ReturnType<typeof asText> };

/** The contract's issueReportForm, also taking JSON numbers and booleans (frontend_version 110, is_ipad false). */
export const reportBody = issueReportForm.extend(
  Object.fromEntries(
    Object.entries(issueReportForm.shape)
      .filter(([name]) => name !== 'note')
      .map(([name, schema]) => [name, asText(schema as z.ZodOptional<z.ZodString>)]),
  ) as unknown as ReportTextFields,
);

const messageAnswer = z.object({ message: z.string() });

/** Spec §5 Report: a few reports per person (signed-in user, else address) per ten minutes. */
export const REPORT_RULE: LimitRule = {
  name: 'report',
  max: 10,
  timeWindowMs: 10 * MINUTE,
  key: (req) => (req.userId ? `user:${req.userId}` : `ip:${req.ip}`),
};

export interface PlaybackRoutesOptions {
  service: PlaybackService;
  limit: Limits;
  /** The player's origins for the address each request came to (decision 0034). */
  origins: Pick<SiteOrigins, 'player'>;
  /** Whether this access token may still mint playback tokens (viewer-state.ts `mintAllowed`). */
  mintAllowed(userId: number, tokenIssuedAt: number): Promise<boolean>;
}

export async function playbackRoutes(app: FastifyInstance, opts: PlaybackRoutesOptions) {
  const { service, origins } = opts;
  await acceptPrivateForms(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A playable link never reaches a visitor (spec §6): 401 before the
  // request is even validated, so nothing about the title is looked up.
  const signedInOnly = async (req: FastifyRequest) => {
    if (req.headers.authorization === undefined) throw new HttpFailure(401, { error: API_ERRORS.loginRequired });
  };
  /**
   * The calls that mint playback tokens (decision 0031): an access token
   * issued before the user's sign-out (ban, password change, refund) mints
   * nothing — 401, so a client whose refresh credential still lives
   * refreshes and goes on, and a signed-out one is signed out.
   */
  const mints = [
    app.authenticate,
    async (req: FastifyRequest) => {
      if (!(await opts.mintAllowed(req.userId, req.tokenIssuedAt))) {
        throw new HttpFailure(401, { error: AUTH_ERRORS.unauthorized });
      }
    },
  ];
  /** A report may come from a visitor; a presented token must verify, and then it names the reporter. */
  const identityIfPresented = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.headers.authorization !== undefined) return app.authenticate(req, reply);
    return undefined;
  };

  api.get(
    '/movies/:id/watch',
    {
      schema: {
        params: idParam,
        querystring: watchMovieQuery,
        response: { 200: envelope(watchMovieBody), ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: signedInOnly,
      preHandler: mints,
    },
    async (req) => ({ body: await service.watchMovie(req.userId, req.params.id, origins.player(req)) }),
  );

  api.get(
    '/episodes',
    {
      schema: {
        querystring: watchEpisodeQuery,
        response: { 200: envelope(watchEpisodeBody), ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: signedInOnly,
      preHandler: mints,
    },
    async (req) => ({ body: await service.watchEpisode(req.userId, Number(req.query.episodeId), origins.player(req)) }),
  );

  api.get(
    '/playback-token',
    {
      schema: {
        querystring: playbackTokenQuery,
        response: { 200: envelope(playbackTokenBody), ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: signedInOnly,
      preHandler: mints,
    },
    async (req) => ({
      body: await service.renewToken(req.userId, req.query.video_type, Number(req.query.video_id)),
    }),
  );

  api.post(
    '/user/:id/progress',
    {
      schema: {
        consumes: FORM_TYPES,
        params: idParam,
        body: progressBody,
        response: { 200: messageAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
      preHandler: app.authenticate,
    },
    async (req) => {
      assertSameUser(req, req.params.id);
      await service.recordWatchProgress({
        userId: req.userId,
        videoType: req.body.video_type,
        videoId: Number(req.body.video_id),
        positionSeconds: req.body.position_seconds,
        durationSeconds: req.body.duration_seconds,
        clientTime: req.body.client_time,
      });
      return { message: PLAYBACK_TEXTS.progressSaved };
    },
  );

  api.post(
    '/user/:id/subtitle-settings',
    {
      schema: {
        consumes: FORM_TYPES,
        params: idParam,
        body: subtitleSettingsForm,
        response: { 200: messageAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
      preHandler: app.authenticate,
    },
    async (req) => {
      assertSameUser(req, req.params.id);
      const { size, color, background, dual } = req.body;
      await service.saveSubtitleSettings(req.userId, { size, color, background, dual });
      return { message: PLAYBACK_TEXTS.subtitleSettingsSaved };
    },
  );

  api.post(
    '/user/:id/player-settings',
    {
      schema: {
        summary: 'Our addition (issue 28): the account\'s "Skip recaps and intros automatically"',
        consumes: FORM_TYPES,
        params: idParam,
        body: playerSettingsForm,
        response: { 200: messageAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
      preHandler: app.authenticate,
    },
    async (req) => {
      assertSameUser(req, req.params.id);
      await service.savePlayerSettings(req.userId, { autoSkip: req.body.auto_skip });
      return { message: PLAYBACK_TEXTS.playerSettingsSaved };
    },
  );

  api.post(
    '/report',
    {
      schema: {
        consumes: FORM_TYPES,
        body: reportBody,
        response: { 200: messageAnswer, ...errorAnswers(400, 401, 403, 429) },
      },
      // A POST with no body at all is missing the note: say so rather than "body".
      preValidation: async (req) => {
        req.body ??= {} as typeof req.body;
      },
      preHandler: [identityIfPresented, opts.limit(REPORT_RULE)],
    },
    async (req) => {
      await service.reportIssue(req.userId || null, req.body);
      return { message: PLAYER_MESSAGES.reportSent };
    },
  );
}

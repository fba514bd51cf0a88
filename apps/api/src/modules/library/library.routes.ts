import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERRORS,
  envelope,
  followForm,
  followPreferenceForm,
  followToggleAnswer,
  LIBRARY_TEXTS,
  wishlistBody,
  wishlistMovieForm,
  wishlistSeriesForm,
  wishlistToggleAnswer,
} from '@bosphorus/contract';
import { assertSameUser, HttpFailure } from '../../plugins/auth.js';
import { byUser, MINUTE, type LimitRule, type Limits } from '../../plugins/rate-limits.js';
import {
  errorAnswers,
  FORM_TYPES,
  ID_PATTERN,
  numericId,
  acceptPrivateForms,
  viewerQuery,
} from '../../plugins/routes.js';
import type { DetailOverlay } from '../catalogue/catalogue.routes.js';
import type { LibraryService } from './library.service.js';

// Spec §7 User data: GET /user/{user_id}/wishlist,
// POST /user/{user_id}/wishlist/series/{serie_id},
// POST /user/{userId}/wishlist/movies/{movie_id},
// POST /user/{user_id}/user_notifications/{serie_id}. Path names as the spec
// writes them (they name the 400's field). Identity only from the token
// (DESIGN §4): every id the client names must be the token's user, else 403
// before anything is read or changed.

const id = numericId;

/** Toggles per user: far above any person's presses, well below a script's. */
export const LIBRARY_TOGGLE_RULE: LimitRule = { name: 'library-toggle', max: 120, timeWindowMs: MINUTE, key: byUser };

/** A form's title id, when sent, must be the path's (400 naming it otherwise). */
function assertSameTitle(field: string, pathId: number, formId: string | undefined) {
  if (formId === undefined || formId === '') return;
  if (!ID_PATTERN.test(formId)) throw new HttpFailure(400, { error: `${field}: ${API_ERRORS.badId}`, field });
  if (Number(formId) !== pathId) throw new HttpFailure(400, { error: `${field}: ${LIBRARY_TEXTS.idMismatch}`, field });
}

export interface LibraryRoutesOptions {
  service: LibraryService;
  limit: Limits;
}

export async function libraryRoutes(app: FastifyInstance, opts: LibraryRoutesOptions) {
  const { service } = opts;
  await acceptPrivateForms(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const toggleLimit = opts.limit(LIBRARY_TOGGLE_RULE);

  api.get(
    '/user/:user_id/wishlist',
    {
      schema: {
        params: z.object({ user_id: id() }),
        querystring: viewerQuery,
        response: { 200: envelope(wishlistBody), ...errorAnswers(400, 401, 403, 404) },
      },
      preHandler: app.authenticate,
    },
    async (req) => {
      assertSameUser(req, req.params.user_id);
      return { body: { wactchLater: await service.wishlist(req.userId) } };
    },
  );

  api.post(
    '/user/:user_id/wishlist/series/:serie_id',
    {
      schema: {
        consumes: FORM_TYPES,
        params: z.object({ user_id: id(), serie_id: id() }),
        querystring: viewerQuery,
        body: wishlistSeriesForm,
        response: { 200: wishlistToggleAnswer, ...errorAnswers(400, 401, 403, 404, 429) },
      },
      preHandler: [app.authenticate, toggleLimit],
    },
    async (req) => {
      assertSameUser(req, req.params.user_id, req.body?.user_id);
      assertSameTitle('serie_id', req.params.serie_id, req.body?.serie_id);
      const { on, message } = await service.setWishlist(req.userId, 'series', req.params.serie_id, req.body?.action);
      return { message, body: { message, is_wishlist: on ? '1' : '0' } } as const;
    },
  );

  api.post(
    '/user/:userId/wishlist/movies/:movie_id',
    {
      schema: {
        consumes: FORM_TYPES,
        params: z.object({ userId: id(), movie_id: id() }),
        querystring: viewerQuery,
        body: wishlistMovieForm,
        response: { 200: wishlistToggleAnswer, ...errorAnswers(400, 401, 403, 404, 429) },
      },
      preHandler: [app.authenticate, toggleLimit],
    },
    async (req) => {
      assertSameUser(req, req.params.userId, req.body?.user_id);
      assertSameTitle('movie_id', req.params.movie_id, req.body?.movie_id);
      const { on, message } = await service.setWishlist(req.userId, 'movie', req.params.movie_id, req.body?.action);
      return { message, body: { message, is_wishlist: on ? '1' : '0' } } as const;
    },
  );

  api.post(
    '/user/:user_id/user_notifications/:serie_id',
    {
      schema: {
        consumes: FORM_TYPES,
        params: z.object({ user_id: id(), serie_id: id() }),
        querystring: viewerQuery,
        body: followForm,
        response: { 200: followToggleAnswer, ...errorAnswers(400, 401, 403, 404, 429) },
      },
      preHandler: [app.authenticate, toggleLimit],
    },
    async (req) => {
      assertSameUser(req, req.params.user_id, req.body?.user_id);
      const { on, message, preference } = await service.setFollow(req.userId, req.params.serie_id, req.body?.action);
      return {
        message,
        body: {
          message,
          is_notification_on: on ? '1' : '0',
          ...(preference && { notification_preference: preference }),
        },
      } as const;
    },
  );

  // Ours (issue 28, decision 0130): what the follow tells about — new
  // episodes, English subtitles, or both — saved per follow; a series not
  // followed yet is followed. The spec's bell above keeps its shape.
  api.post(
    '/user/:user_id/user_notifications/:serie_id/preference',
    {
      schema: {
        description:
          "Sets what the viewer's follow of the series tells about (new_episodes, english_subtitles or both), " +
          'following the series if the viewer does not yet. A new follow made by the toggle hears of English subtitles.',
        consumes: FORM_TYPES,
        params: z.object({ user_id: id(), serie_id: id() }),
        querystring: viewerQuery,
        body: followPreferenceForm,
        response: { 200: followToggleAnswer, ...errorAnswers(400, 401, 403, 404, 429) },
      },
      preHandler: [app.authenticate, toggleLimit],
    },
    async (req) => {
      assertSameUser(req, req.params.user_id, req.body.user_id);
      const { message, preference } = await service.setFollowPreference(
        req.userId,
        req.params.serie_id,
        req.body.notification_preference,
      );
      return { message, body: { message, is_notification_on: '1', notification_preference: preference } } as const;
    },
  );
}

/**
 * The viewer's is_wishlist / is_notification_on on the detail answers
 * (catalogue's DetailOverlay): one query per answer; visitors keep the
 * shared cached answer with '0'.
 */
export function libraryOverlay(service: LibraryService): DetailOverlay {
  return {
    movie: (viewer, movieId) => service.movieFlags(viewer.userId, movieId),
    series: (viewer, seriesId) => service.seriesFlags(viewer.userId, seriesId),
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERRORS,
  envelope,
  errorBody,
  homeBody,
  movieDetailBody,
  type MovieDetail,
  movieListQuery,
  moviesListBody,
  promotionBody,
  recommendationsBody,
  searchBody,
  searchForm,
  seriesDetailBody,
  type SeriesDetail,
  seriesListBody,
  seriesListQuery,
  titleReviewsBody,
} from '@bosphorus/contract';
import { acceptMultipart } from '../../plugins/forms.js';
import { sendEncoded } from '../../lib/encoded-body.js';
import { numericId, viewerQuery } from '../../plugins/routes.js';
import { VISITOR, type CatalogueService, type Viewer } from './catalogue.service.js';
import { detailKey, type PublicAnswers } from './public-answers.js';

// Spec §7 Catalogue. Answers are `{"body": …}` (DESIGN §3). Public answers
// are the same for every visitor, so their serialised JSON is held for a few
// seconds (CATALOGUE_CACHE_SECONDS), until the change feed says the data
// changed (`public-answers.ts`, built by app.ts): the home page is the most
// requested document of the site.
//
// Per-viewer fields (canPlay today) are laid over the shared answer only when
// a request presents an access token: the token is verified like any private
// call (an invalid one is a 401, so the client refreshes), the viewer's
// fields are computed for that user alone, and the answer is marked private.
// A visitor's answer never depends on who else asked, and a viewer never
// receives another viewer's fields (decision 0020).

const homeAnswer = (service: CatalogueService) => () => service.home(VISITOR);

/** A list call's shared answer's key: its query as the schema read it, the viewer's own fields left out. */
function listKey(kind: 'movies' | 'series', query: Record<string, unknown>): string {
  const { user_id: _u, userId: _v, rating: _r, ...q } = query;
  return `${kind}:${JSON.stringify(q)}`;
}

export const idParam = z.object({
  id: numericId(),
});

/**
 * A module's fields of one title's detail answer for one signed-in viewer
 * (is_wishlist, is_notification_on, the reviews as they are now…). Each
 * overlay answers only the fields it owns; they are merged in order over the
 * shared answer. Registered in app.ts (`detailOverlays`).
 */
export interface DetailOverlay {
  movie?: (viewer: SignedInViewer, movieId: number) => Promise<Partial<MovieDetail>>;
  series?: (viewer: SignedInViewer, seriesId: number) => Promise<Partial<SeriesDetail>>;
}
export type SignedInViewer = Viewer & { userId: number };

export interface CatalogueRoutesOptions {
  service: CatalogueService;
  /** The shared answers and their viewers' variants, held by this instance. */
  answers: PublicAnswers;
  /** The signed-in viewer's own fields (an active plan → canPlay). */
  viewer: (userId: number) => Promise<Viewer>;
  /** Per-viewer fields of the detail answers, from other modules. */
  detailOverlays?: DetailOverlay[];
}

/**
 * A viewer's own fields of a shared answer: `canPlay`, and for a detail
 * answer the title's per-viewer fields. They take a few values each, so a
 * signed-in answer is one of a few variants of the shared answer, kept with
 * it (serialised and compressed once, `public-answers.ts`) and keyed by these values.
 */
interface OwnFields {
  canPlay: boolean;
  title?: Record<string, unknown>;
}
interface Personalisation<B> {
  fields(body: B, viewer: SignedInViewer): Promise<OwnFields> | OwnFields;
  /** The shared answer with the fields laid over it; the shared object is never changed. */
  apply(body: B, own: OwnFields): B;
}
const canPlayOnly = <B extends { canPlay: boolean }>(): Personalisation<B> => ({
  fields: (_body, viewer) => ({ canPlay: viewer.canPlay }),
  apply: (body, own) => ({ ...body, canPlay: own.canPlay }),
});
export async function catalogueRoutes(app: FastifyInstance, opts: CatalogueRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service, answers } = opts;
  const overlays = opts.detailOverlays ?? [];
  const movieOverlay: Personalisation<z.output<typeof movieDetailBody>> = {
    async fields(body, viewer) {
      const parts = await Promise.all(overlays.map((o) => o.movie?.(viewer, body.movie.movie_id) ?? {}));
      return { canPlay: viewer.canPlay, title: Object.assign({}, ...parts) as Record<string, unknown> };
    },
    apply: (body, own) => ({ ...body, canPlay: own.canPlay, movie: { ...body.movie, ...own.title } as MovieDetail }),
  };
  const seriesOverlay: Personalisation<z.output<typeof seriesDetailBody>> = {
    async fields(body, viewer) {
      const parts = await Promise.all(overlays.map((o) => o.series?.(viewer, body.series.serie_id) ?? {}));
      return { canPlay: viewer.canPlay, title: Object.assign({}, ...parts) as Record<string, unknown> };
    },
    apply: (body, own) => ({ ...body, canPlay: own.canPlay, series: { ...body.series, ...own.title } as SeriesDetail }),
  };

  /**
   * Serialises through the answer's schema (an allow-list) once, then reuses
   * the JSON bytes, with gzip and brotli copies for clients that accept them.
   * With `personalise`, a request that carries an access token gets the
   * shared answer with its viewer's fields laid over it: private, never
   * stored by others, and here kept as one of the shared answer's variants.
   */
  async function sendPublic<T extends z.ZodType>(
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: T,
    compute: () => Promise<z.input<T> | null>,
    personalise?: Personalisation<z.output<T>>,
  ) {
    const viewer = personalise && req.headers.authorization !== undefined ? await signedInViewer(req, reply) : null;
    if (reply.sent) return reply;
    const shared = await answers.shared(key, async () => {
      const computed = await compute();
      return computed === null ? null : (schema.parse(computed) as z.output<T>);
    });
    if (shared === null) return reply.code(404).send({ error: API_ERRORS.notFound });
    // Shared caches must keep a viewer's answer apart from the visitors' one.
    reply.header('vary', 'authorization');
    if (viewer === null) return sendEncoded(req, reply, shared.json, 'application/json; charset=utf-8');
    const own = await personalise!.fields(shared.body, viewer);
    const variant = shared.variant(JSON.stringify(own), () => personalise!.apply(shared.body, own));
    reply.header('cache-control', 'private, no-store');
    return sendEncoded(req, reply, variant, 'application/json; charset=utf-8');
  }

  /** The verified viewer, or null after the guard has answered (401/403). */
  async function signedInViewer(req: FastifyRequest, reply: FastifyReply): Promise<SignedInViewer | null> {
    await app.authenticate(req, reply);
    return reply.sent ? null : { ...(await opts.viewer(req.userId)), userId: req.userId };
  }

  api.get('/home', { schema: { querystring: viewerQuery, response: { 200: envelope(homeBody) } } }, (req, reply) =>
    sendPublic(req, reply, 'home', homeBody, homeAnswer(service), canPlayOnly()),
  );

  api.get(
    '/movies/filters',
    { schema: { querystring: movieListQuery, response: { 200: envelope(moviesListBody), 400: errorBody } } },
    (req, reply) =>
      sendPublic(req, reply, listKey('movies', req.query), moviesListBody, () => service.listMovies(req.query)),
  );

  api.get(
    '/series',
    { schema: { querystring: seriesListQuery, response: { 200: envelope(seriesListBody), 400: errorBody } } },
    (req, reply) =>
      sendPublic(req, reply, listKey('series', req.query), seriesListBody, () => service.listSeries(req.query)),
  );

  // The one form of the catalogue, in a context of its own that takes
  // multipart bodies too (plugins/forms.ts): the reads above do not pay for it.
  await app.register(async (forms) => {
    await acceptMultipart(forms);
    forms.withTypeProvider<ZodTypeProvider>().post(
      '/search',
      {
        schema: { body: searchForm, response: { 200: envelope(searchBody), 400: errorBody } },
        // A POST with no body at all is missing q: say so rather than "body".
        preValidation: async (req) => {
          req.body ??= {} as typeof req.body;
        },
      },
      (req, reply) => sendPublic(req, reply, 'search:' + req.body.q, searchBody, () => service.search(req.body.q)),
    );
  });

  api.get(
    '/recommendations',
    {
      schema: {
        querystring: viewerQuery.extend({
          movie_id: numericId().optional(),
        }),
        response: { 200: envelope(recommendationsBody), 400: errorBody },
      },
    },
    (req, reply) => {
      const movieId = req.query.movie_id ?? null;
      return sendPublic(req, reply, `recommendations:${movieId}`, recommendationsBody, () =>
        service.recommendations(movieId),
      );
    },
  );

  api.get(
    '/movies/:id',
    {
      schema: {
        params: idParam,
        querystring: viewerQuery,
        response: { 200: envelope(movieDetailBody), 400: errorBody, 404: errorBody },
      },
    },
    (req, reply) =>
      sendPublic(
        req,
        reply,
        detailKey('movie', req.params.id),
        movieDetailBody,
        () => service.movie(req.params.id, VISITOR),
        movieOverlay,
      ),
  );

  api.get(
    '/series/:id',
    {
      schema: {
        params: idParam,
        querystring: viewerQuery,
        response: { 200: envelope(seriesDetailBody), 400: errorBody, 404: errorBody },
      },
    },
    (req, reply) =>
      sendPublic(
        req,
        reply,
        detailKey('series', req.params.id),
        seriesDetailBody,
        () => service.series(req.params.id, VISITOR),
        seriesOverlay,
      ),
  );

  // Ours (decision 0043): a title's reviews alone, for the watch pages, which
  // must not fetch a whole detail answer (with every season and episode) for
  // them. Public like the detail answers and cached with them: a review
  // write drops these keys too (forgetTitle clears every non-detail key).
  for (const kind of ['movie', 'series'] as const) {
    api.get(
      kind === 'movie' ? '/movies/:id/reviews' : '/series/:id/reviews',
      {
        schema: {
          params: idParam,
          response: { 200: envelope(titleReviewsBody), 400: errorBody, 404: errorBody },
        },
      },
      (req, reply) =>
        sendPublic(req, reply, `reviews:${kind}:${req.params.id}`, titleReviewsBody, () =>
          service.reviews(kind, req.params.id),
        ),
    );
  }

  // GET /movies/:id/watch and GET /episodes (the playable answers) belong to
  // modules/playback.

  api.get('/get-promotion-text', { schema: { response: { 200: envelope(promotionBody) } } }, (req, reply) =>
    sendPublic(req, reply, 'promotion', promotionBody, () => service.promotion()),
  );
}

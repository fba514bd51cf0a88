import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERRORS,
  envelope,
  errorBody,
  homeBody,
  movieDetailBody,
  movieListQuery,
  moviesListBody,
  promotionBody,
  recommendationsBody,
  searchBody,
  searchForm,
  seriesDetailBody,
  seriesListBody,
  seriesListQuery,
} from '@bosphorus/contract';
import { TtlCache } from '../../lib/ttl-cache.js';
import { acceptMultipart } from '../../plugins/forms.js';
import { EncodedBody, sendEncoded } from '../../lib/encoded-body.js';
import { VISITOR, type CatalogueService } from './catalogue.service.js';

// Spec §7 Catalogue. Answers are `{"body": …}` (DESIGN §3). Public answers
// are the same for every visitor, so their serialised JSON is cached for a
// few seconds (CATALOGUE_CACHE_SECONDS): the home page is the most requested
// document of the site.

export const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, { message: API_ERRORS.badId })
    .transform(Number),
});

const viewerQuery = z.object({ user_id: z.string().optional(), userId: z.string().optional() });

export interface CatalogueRoutesOptions {
  service: CatalogueService;
  cacheSeconds: number;
}

export async function catalogueRoutes(app: FastifyInstance, opts: CatalogueRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const cache = new TtlCache<EncodedBody | null>(opts.cacheSeconds * 1000);

  /**
   * Serialises through the answer's schema (an allow-list) once, then reuses
   * the JSON bytes, with gzip and brotli copies for clients that accept them.
   */
  async function sendPublic<T extends z.ZodType>(
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: T,
    compute: () => Promise<z.input<T> | null>,
  ) {
    const json = await cache.getOrCompute(key, async () => {
      const body = await compute();
      return body === null ? null : EncodedBody.of(JSON.stringify({ body: schema.parse(body) }));
    });
    if (json === null) return reply.code(404).send({ error: API_ERRORS.notFound });
    return sendEncoded(req, reply, json, 'application/json; charset=utf-8');
  }

  api.get('/home', { schema: { querystring: viewerQuery, response: { 200: envelope(homeBody) } } }, (req, reply) =>
    sendPublic(req, reply, 'home', homeBody, () => service.home(VISITOR)),
  );

  api.get(
    '/movies/filters',
    { schema: { querystring: movieListQuery, response: { 200: envelope(moviesListBody), 400: errorBody } } },
    (req, reply) => {
      const { user_id: _u, userId: _v, rating: _r, ...q } = req.query;
      return sendPublic(req, reply, 'movies:' + JSON.stringify(q), moviesListBody, () => service.listMovies(req.query));
    },
  );

  api.get(
    '/series',
    { schema: { querystring: seriesListQuery, response: { 200: envelope(seriesListBody), 400: errorBody } } },
    (req, reply) => {
      const { user_id: _u, userId: _v, rating: _r, ...q } = req.query;
      return sendPublic(req, reply, 'series:' + JSON.stringify(q), seriesListBody, () => service.listSeries(req.query));
    },
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
          movie_id: z
            .string()
            .regex(/^\d{1,15}$/, { message: API_ERRORS.badId })
            .transform(Number)
            .optional(),
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
      sendPublic(req, reply, `movie:${req.params.id}`, movieDetailBody, () => service.movie(req.params.id, VISITOR)),
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
      sendPublic(req, reply, `series-detail:${req.params.id}`, seriesDetailBody, () =>
        service.series(req.params.id, VISITOR),
      ),
  );

  // A playable link never reaches a visitor (spec §6). Sessions arrive with
  // the accounts module; until a verified token is presented these answer 401
  // before anything about the title is looked up.
  api.get('/movies/:id/watch', { schema: { response: { 401: errorBody } } }, async (_req, reply) => {
    await reply.code(401).send({ error: API_ERRORS.loginRequired });
  });
  api.get('/episodes', { schema: { response: { 401: errorBody } } }, async (_req, reply) => {
    await reply.code(401).send({ error: API_ERRORS.loginRequired });
  });

  api.get('/get-promotion-text', { schema: { response: { 200: envelope(promotionBody) } } }, (req, reply) =>
    sendPublic(req, reply, 'promotion', promotionBody, () => service.promotion()),
  );
}

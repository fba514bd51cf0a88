import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEpisode,
  adminGenresBody,
  adminImageBody,
  adminMovie,
  adminPeopleBody,
  adminPerson,
  adminPromotion,
  adminPromotionsBody,
  adminSeries,
  adminTitlesBody,
  CATALOGUE_IMAGE_KINDS,
  CATALOGUE_TEXTS,
  envelope,
  episodeForm,
  movieForm,
  personForm,
  promotionForm,
  publishEpisodeBody,
  seasonForm,
  seriesForm,
} from '@bosphorus/contract';
import { acceptMultipart } from '../../plugins/forms.js';
import { HttpFailure } from '../../plugins/errors.js';
import type { Limits } from '../../plugins/rate-limits.js';
import { errorAnswers, FORM_TYPES, numericId } from '../../plugins/routes.js';
import type { Actor } from '../admin/audit.repository.js';
import { ADMIN_TAG, CONSOLE_WRITE_RULE, operatorsOnly, type OperatorGuardDeps } from '../admin/operators.js';
import type { CatalogueAdminService } from './catalogue-admin.service.js';

// The console's Catalogue section (issue 17, decision 0088): under
// /api/admin/catalogue, operators only (operators.ts, at onRequest: an
// image from anyone else is refused before its body is read), tagged
// `admin`, writes limited per operator like every console write and taken
// with the bearer token only (DESIGN §4: never a cookie, so not open to
// cross-site requests).

export interface CatalogueAdminRoutesOptions extends OperatorGuardDeps {
  service: CatalogueAdminService;
  limit: Limits;
  actorOf(userId: number): Promise<Actor>;
}

const message = z.object({ message: z.string() });
const idParams = z.object({ id: numericId() });
const season = z.object({ id: z.number(), series_id: z.number(), season_number: z.number(), title: z.string() });

export async function catalogueAdminRoutes(app: FastifyInstance, opts: CatalogueAdminRoutesOptions) {
  operatorsOnly(app, opts);
  // Images arrive as a form's file (DESIGN §3: forms are multipart too).
  await acceptMultipart(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const actor = (req: FastifyRequest) => opts.actorOf(req.userId);
  const writeLimit = opts.limit(CONSOLE_WRITE_RULE);
  const read = { tags: [ADMIN_TAG] };
  const write = { consumes: FORM_TYPES, tags: [ADMIN_TAG] };
  const writes = (...statuses: number[]) => errorAnswers(400, 401, 403, 429, ...statuses);

  api.get(
    '/titles',
    {
      schema: {
        ...read,
        summary: 'Movies and series (drafts too) whose titles contain q, newest change first',
        querystring: z.object({ q: z.string().max(200).default('') }),
        response: { 200: envelope(adminTitlesBody), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req) => ({ body: { titles: await service.findTitles(req.query.q) } }),
  );

  api.get(
    '/genres',
    {
      schema: {
        ...read,
        summary: 'The genres',
        response: { 200: envelope(adminGenresBody), ...errorAnswers(401, 403) },
      },
    },
    async () => ({ body: { genres: await service.genres() } }),
  );

  // ───────────── Movies and series ─────────────
  for (const kind of ['movies', 'series'] as const) {
    const answer = kind === 'movies' ? adminMovie : adminSeries;
    const form = kind === 'movies' ? movieForm : seriesForm;
    const get = kind === 'movies' ? service.movie : service.series;
    const noun = kind === 'movies' ? 'movie' : 'series';
    api.get(
      `/${kind}/:id`,
      {
        schema: {
          ...read,
          summary: `A ${noun} with every field the site shows${kind === 'series' ? ', its seasons and episodes' : ''}`,
          params: idParams,
          response: { 200: envelope(answer), ...errorAnswers(400, 401, 403, 404) },
        },
      },
      async (req) => ({ body: await get(req.params.id) }),
    );
    api.post(
      `/${kind}`,
      {
        schema: {
          ...write,
          summary: `Create a ${noun}`,
          body: form,
          response: { 200: envelope(answer), ...writes() },
        },
        preHandler: writeLimit,
      },
      async (req) => ({
        body:
          kind === 'movies'
            ? await service.saveMovie(await actor(req), null, req.body as z.infer<typeof movieForm>)
            : await service.saveSeries(await actor(req), null, req.body as z.infer<typeof seriesForm>),
      }),
    );
    api.post(
      `/${kind}/:id`,
      {
        schema: {
          ...write,
          summary: `Edit a ${noun} (every field; genres and cast replaced)`,
          params: idParams,
          body: form,
          response: { 200: envelope(answer), ...writes(404) },
        },
        preHandler: writeLimit,
      },
      async (req) => ({
        body:
          kind === 'movies'
            ? await service.saveMovie(await actor(req), req.params.id, req.body as z.infer<typeof movieForm>)
            : await service.saveSeries(await actor(req), req.params.id, req.body as z.infer<typeof seriesForm>),
      }),
    );
    api.delete(
      `/${kind}/:id`,
      {
        schema: {
          ...read,
          summary:
            kind === 'movies'
              ? 'Remove a movie (409 while a transcode of it waits or runs)'
              : 'Remove a series (409 while it has seasons)',
          params: idParams,
          response: { 200: envelope(message), ...writes(404, 409) },
        },
        preHandler: writeLimit,
      },
      async (req) => ({
        body:
          kind === 'movies'
            ? await service.removeMovie(await actor(req), req.params.id)
            : await service.removeSeries(await actor(req), req.params.id),
      }),
    );
  }

  // ───────────── Seasons ─────────────
  api.post(
    '/series/:id/seasons',
    {
      schema: {
        ...write,
        summary: 'Add a season to a series',
        params: idParams,
        body: seasonForm,
        response: { 200: envelope(season), ...writes(404, 409) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.saveSeason(await actor(req), { seriesId: req.params.id }, req.body) }),
  );
  api.post(
    '/seasons/:id',
    {
      schema: {
        ...write,
        summary: 'Edit a season',
        params: idParams,
        body: seasonForm,
        response: { 200: envelope(season), ...writes(404, 409) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.saveSeason(await actor(req), { id: req.params.id }, req.body) }),
  );
  api.delete(
    '/seasons/:id',
    {
      schema: {
        ...read,
        summary: 'Remove a season (409 while it has episodes)',
        params: idParams,
        response: { 200: envelope(message), ...writes(404, 409) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.removeSeason(await actor(req), req.params.id) }),
  );

  // ───────────── Episodes ─────────────
  api.post(
    '/seasons/:id/episodes',
    {
      schema: {
        ...write,
        summary: 'Add an episode: scheduled (publish_at) or out now (publish_now, followers notified once)',
        params: idParams,
        body: episodeForm,
        response: { 200: envelope(publishEpisodeBody), ...writes(404, 409) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.createEpisode(await actor(req), req.params.id, req.body) }),
  );
  api.get(
    '/episodes/:id',
    {
      schema: {
        ...read,
        summary: 'An episode',
        params: idParams,
        response: { 200: envelope(adminEpisode), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => ({ body: await service.episode(req.params.id) }),
  );
  api.post(
    '/episodes/:id',
    {
      schema: {
        ...write,
        summary: 'Edit an episode; a new publish_at schedules it again, publish_now publishes it',
        params: idParams,
        body: episodeForm,
        response: { 200: envelope(publishEpisodeBody), ...writes(404, 409) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.updateEpisode(await actor(req), req.params.id, req.body) }),
  );
  api.post(
    '/episodes/:id/publish',
    {
      schema: {
        ...write,
        summary: "Publish an episode now; its series' followers are notified exactly once",
        params: idParams,
        response: { 200: envelope(publishEpisodeBody), ...writes(404) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.publishEpisode(await actor(req), req.params.id) }),
  );
  api.delete(
    '/episodes/:id',
    {
      schema: {
        ...read,
        summary: 'Remove an episode (409 while a transcode of it waits or runs)',
        params: idParams,
        response: { 200: envelope(message), ...writes(404, 409) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.removeEpisode(await actor(req), req.params.id) }),
  );

  // ───────────── Images ─────────────
  api.post(
    '/images',
    {
      schema: {
        tags: [ADMIN_TAG],
        consumes: ['multipart/form-data'],
        summary: 'Upload a poster, cover, cast photo or episode still: WebP at every size the site uses',
        body: z.object({ kind: z.enum(CATALOGUE_IMAGE_KINDS), file: z.instanceof(Buffer).optional() }),
        response: { 200: envelope(adminImageBody), ...writes(413) },
      },
      preHandler: writeLimit,
    },
    async (req) => {
      const { file } = req.body;
      if (!file || file.length === 0)
        throw new HttpFailure(400, { error: `file: ${CATALOGUE_TEXTS.imageRequired}`, field: 'file' });
      return { body: await service.uploadImage(req.body.kind, file) };
    },
  );
  for (const [path, type] of [
    ['movies', 'movie'],
    ['episodes', 'episode'],
  ] as const) {
    api.post(
      `/${path}/:id/frame`,
      {
        schema: {
          ...read,
          summary: `The transcode's poster frame as the ${type === 'movie' ? "movie's cover" : "episode's still"}`,
          params: idParams,
          response: { 200: envelope(adminImageBody), ...writes(404, 409) },
        },
        preHandler: writeLimit,
      },
      async (req) => ({ body: await service.useFrame(await actor(req), type, req.params.id) }),
    );
  }

  // ───────────── People ─────────────
  api.get(
    '/people',
    {
      schema: {
        ...read,
        summary: 'People (cast) whose name contains q',
        querystring: z.object({ q: z.string().max(200).default('') }),
        response: { 200: envelope(adminPeopleBody), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req) => ({ body: { people: await service.people(req.query.q) } }),
  );
  api.post(
    '/people',
    {
      schema: {
        ...write,
        summary: 'Add a person (name and photo)',
        body: personForm,
        response: { 200: envelope(adminPerson), ...writes() },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.savePerson(await actor(req), null, req.body) }),
  );
  api.post(
    '/people/:id',
    {
      schema: {
        ...write,
        summary: 'Edit a person',
        params: idParams,
        body: personForm,
        response: { 200: envelope(adminPerson), ...writes(404) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.savePerson(await actor(req), req.params.id, req.body) }),
  );
  api.delete(
    '/people/:id',
    {
      schema: {
        ...read,
        summary: 'Remove a person (409 while in a cast)',
        params: idParams,
        response: { 200: envelope(message), ...writes(404, 409) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.removePerson(await actor(req), req.params.id) }),
  );

  // ───────────── Promotion banner ─────────────
  api.get(
    '/promotions',
    {
      schema: {
        ...read,
        summary: 'The promotion banners (the newest active one in its time shows)',
        response: { 200: envelope(adminPromotionsBody), ...errorAnswers(401, 403) },
      },
    },
    async () => ({ body: { promotions: await service.promotions() } }),
  );
  api.post(
    '/promotions',
    {
      schema: {
        ...write,
        summary: 'Add a promotion banner',
        body: promotionForm,
        response: { 200: envelope(adminPromotion), ...writes() },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.savePromotion(await actor(req), null, req.body) }),
  );
  api.post(
    '/promotions/:id',
    {
      schema: {
        ...write,
        summary: 'Edit a promotion banner',
        params: idParams,
        body: promotionForm,
        response: { 200: envelope(adminPromotion), ...writes(404) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.savePromotion(await actor(req), req.params.id, req.body) }),
  );
  api.delete(
    '/promotions/:id',
    {
      schema: {
        ...read,
        summary: 'Remove a promotion banner',
        params: idParams,
        response: { 200: envelope(message), ...writes(404) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.removePromotion(await actor(req), req.params.id) }),
  );
}

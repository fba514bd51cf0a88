import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MARKER_KINDS,
  MARKERS_TEXTS,
  MAX_MARKER_SECONDS,
  adminEpisodeMarkersBody,
  envelope,
  episodeMarkersBody,
  mediaJob,
} from '@bosphorus/contract';
import { errorAnswers, idString } from '../../plugins/routes.js';
import { ADMIN_TAG, operatorsOnly, type OperatorGuardDeps } from '../admin/operators.js';
import type { Actor } from '../admin/audit.repository.js';
import type { MarkersService } from './markers.service.js';

// Episode markers (issue 28; README.md here). The player reads
// GET /api/episodes/{id}/markers; operators list, add, edit and remove them
// and ask for detection again under /api/admin/media/episodes/{id}/markers.

const episodeParams = z.object({ id: idString().transform(Number) });
const kindParams = episodeParams.extend({ kind: z.enum(MARKER_KINDS) });
/** Seconds of the media: a JSON number, or a form's field (the console sends forms, as its other calls). */
const seconds = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? v : Number(v)) : v),
  z
    .number({ message: MARKERS_TEXTS.notFinite })
    .finite({ message: MARKERS_TEXTS.notFinite })
    .min(0, { message: MARKERS_TEXTS.notFinite })
    .max(MAX_MARKER_SECONDS, { message: MARKERS_TEXTS.tooLate(MAX_MARKER_SECONDS) }),
);

/** The player's read: public, as the episode list is. */
export async function markersRoutes(app: FastifyInstance, opts: { service: MarkersService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/episodes/:id/markers',
    {
      schema: {
        summary: "A released episode's recap, intro, credits and next-episode preview (seconds of its media)",
        params: episodeParams,
        response: { 200: envelope(episodeMarkersBody), ...errorAnswers(400, 404) },
      },
    },
    async (req) => ({ body: await opts.service.published(req.params.id) }),
  );
}

export interface MarkersAdminRoutesOptions extends OperatorGuardDeps {
  service: MarkersService;
  actorOf(userId: number): Promise<Actor>;
}

export async function markersAdminRoutes(app: FastifyInstance, opts: MarkersAdminRoutesOptions) {
  operatorsOnly(app, opts);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const actor = (req: FastifyRequest) => opts.actorOf(req.userId);
  const base = '/media/episodes/:id/markers';

  api.get(
    base,
    {
      schema: {
        tags: [ADMIN_TAG],
        summary:
          "An episode's markers with their confidence and source, the kinds an operator removed, its markers jobs",
        params: episodeParams,
        response: { 200: envelope(adminEpisodeMarkersBody), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => ({ body: await service.list(req.params.id) }),
  );

  api.post(
    base,
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Add a marker (one of each kind per episode); detection never replaces it',
        params: episodeParams,
        body: z.object({ kind: z.enum(MARKER_KINDS), start_seconds: seconds, end_seconds: seconds }),
        response: { 201: envelope(adminEpisodeMarkersBody), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const { kind, start_seconds: start, end_seconds: end } = req.body;
      return reply.code(201).send({ body: await service.add(req.params.id, { kind, start, end }, await actor(req)) });
    },
  );

  api.patch(
    `${base}/:kind`,
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: "Move a marker's start or end; it becomes the operator's",
        params: kindParams,
        body: z.object({ start_seconds: seconds.optional(), end_seconds: seconds.optional() }),
        response: { 200: envelope(adminEpisodeMarkersBody), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      body: await service.edit(
        req.params.id,
        req.params.kind,
        { start: req.body.start_seconds, end: req.body.end_seconds },
        await actor(req),
      ),
    }),
  );

  api.delete(
    `${base}/:kind`,
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Remove a marker; detection does not bring it back',
        params: kindParams,
        response: { 200: envelope(adminEpisodeMarkersBody), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => ({ body: await service.remove(req.params.id, req.params.kind, await actor(req)) }),
  );

  api.post(
    `${base}/detect`,
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: "Find the episode's markers again (a markers job, queued); an operator's markers stay",
        params: episodeParams,
        response: { 202: envelope(mediaJob), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.code(202).send({ body: await service.detect(req.params.id, await actor(req)) }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { continueBody, deleteHistoryForm, envelope, HISTORY_TEXTS, historyBody } from '@bosphorus/contract';
import { assertSameUser } from '../../plugins/auth.js';
import { errorAnswers, FORM_TYPES, numericId, acceptPrivateForms, viewerQuery } from '../../plugins/routes.js';
import type { HistoryService } from './history.service.js';

// Spec §7 `GET /user/{userId}/history` (body.history) and
// `POST /user/{userId}/history/all` (form `_method=DELETE`, top-level
// message); our `GET /user/{userId}/continue` (decision 0024). Private
// answers: the path's id must be the token's (DESIGN §4), checked before
// anything is read or deleted.

const idParam = z.object({
  id: numericId(),
});

export interface HistoryRoutesOptions {
  service: HistoryService;
}

export async function historyRoutes(app: FastifyInstance, opts: HistoryRoutesOptions) {
  const { service } = opts;
  await acceptPrivateForms(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/user/:id/history',
    {
      schema: {
        params: idParam,
        querystring: viewerQuery,
        response: { 200: envelope(historyBody), ...errorAnswers(400, 401, 403) },
      },
      preHandler: app.authenticate,
    },
    async (req) => {
      assertSameUser(req, req.params.id);
      return { body: await service.history(req.userId) };
    },
  );

  api.post(
    '/user/:id/history/all',
    {
      schema: {
        consumes: FORM_TYPES,
        params: idParam,
        querystring: viewerQuery,
        body: deleteHistoryForm,
        response: { 200: z.object({ message: z.string() }), ...errorAnswers(400, 401, 403) },
      },
      // A POST with no body at all is missing _method: say so rather than "body".
      preValidation: async (req) => {
        req.body ??= {} as typeof req.body;
      },
      preHandler: app.authenticate,
    },
    async (req) => {
      assertSameUser(req, req.params.id);
      await service.deleteAll(req.userId);
      return { message: HISTORY_TEXTS.deletedAll };
    },
  );

  api.get(
    '/user/:id/continue',
    {
      schema: {
        params: idParam,
        querystring: viewerQuery,
        response: { 200: envelope(continueBody), ...errorAnswers(400, 401, 403) },
      },
      preHandler: app.authenticate,
    },
    async (req) => {
      assertSameUser(req, req.params.id);
      return { body: await service.continueRows(req.userId) };
    },
  );
}

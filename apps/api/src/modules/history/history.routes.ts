import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ERRORS, continueBody, deleteHistoryForm, envelope, HISTORY_TEXTS, historyBody } from '@bosphorus/contract';
import { assertSameUser, authErrorBody, privateAnswers } from '../../plugins/auth.js';
import { acceptMultipart } from '../../plugins/forms.js';
import type { HistoryService } from './history.service.js';

// Spec §7 `GET /user/{userId}/history` (body.history) and
// `POST /user/{userId}/history/all` (form `_method=DELETE`, top-level
// message); our `GET /user/{userId}/continue` (decision 0024). Private
// answers: the path's id must be the token's (DESIGN §4), checked before
// anything is read or deleted.

const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, { message: API_ERRORS.badId })
    .transform(Number),
});
/** The id the web client adds to every call (spec §7); the auth guard compares it with the token's. */
const userQuery = z.object({ user_id: z.string().optional(), userId: z.string().optional() });

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, authErrorBody]));
const FORMS = ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'];

export interface HistoryRoutesOptions {
  service: HistoryService;
}

export async function historyRoutes(app: FastifyInstance, opts: HistoryRoutesOptions) {
  const { service } = opts;
  privateAnswers(app);
  await acceptMultipart(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/user/:id/history',
    {
      schema: {
        params: idParam,
        querystring: userQuery,
        response: { 200: envelope(historyBody), ...errors(400, 401, 403) },
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
        consumes: FORMS,
        params: idParam,
        querystring: userQuery,
        body: deleteHistoryForm,
        response: { 200: z.object({ message: z.string() }), ...errors(400, 401, 403) },
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
        querystring: userQuery,
        response: { 200: envelope(continueBody), ...errors(400, 401, 403) },
      },
      preHandler: app.authenticate,
    },
    async (req) => {
      assertSameUser(req, req.params.id);
      return { body: await service.continueRows(req.userId) };
    },
  );
}

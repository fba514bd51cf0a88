import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteAllNotificationsForm,
  envelope,
  markNotificationReadForm,
  NOTIFICATION_TEXTS,
  notificationsBody,
  notificationsMessageAnswer,
  pushDeviceForm,
  pushKeyBody,
} from '@bosphorus/contract';
import { assertSameUser } from '../../plugins/auth.js';
import { byUser, HOUR, type LimitRule, type Limits } from '../../plugins/rate-limits.js';
import { errorAnswers, FORM_TYPES, idString, acceptPrivateForms, viewerQuery } from '../../plugins/routes.js';
import type { NotificationsService } from './notifications.service.js';

// Spec §7 `GET|POST /user/{user_id}/notifications`,
// `POST /user/{user_id}/notifications/deleteall` (`_method=DELETE`), and our
// `POST /fcm` (a browser's push subscription; `DELETE /fcm` on log out is in
// modules/accounts) and `GET /fcm/key` (the VAPID public key). Identity is the
// token's: another user's id in the path or form is a 403 before anything
// is read or changed (DESIGN §4).

const userIdParam = z.object({
  user_id: idString(),
});

/** A browser registers again on each sign-in and when its subscription changes: generous. */
export const PUSH_DEVICE_RULE: LimitRule = { name: 'push-device', max: 30, timeWindowMs: HOUR, key: byUser };

export async function notificationsRoutes(
  app: FastifyInstance,
  opts: { service: NotificationsService; limit: Limits },
) {
  const { service } = opts;
  await acceptPrivateForms(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/user/:user_id/notifications',
    {
      schema: {
        params: userIdParam,
        querystring: viewerQuery,
        response: { 200: envelope(notificationsBody), ...errorAnswers(400, 401, 403, 404) },
      },
      preHandler: app.authenticate,
    },
    async (req) => {
      assertSameUser(req, req.params.user_id);
      return { body: await service.list(req.userId) };
    },
  );

  api.post(
    '/user/:user_id/notifications',
    {
      schema: {
        consumes: FORM_TYPES,
        params: userIdParam,
        body: markNotificationReadForm,
        response: { 200: notificationsMessageAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
      preHandler: app.authenticate,
    },
    async (req) => {
      assertSameUser(req, req.params.user_id, req.body.user_id);
      await service.markRead(req.userId, Number(req.body.notification_id));
      return { message: NOTIFICATION_TEXTS.markedRead };
    },
  );

  api.post(
    '/user/:user_id/notifications/deleteall',
    {
      schema: {
        consumes: FORM_TYPES,
        params: userIdParam,
        body: deleteAllNotificationsForm,
        response: { 200: notificationsMessageAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
      preHandler: app.authenticate,
    },
    async (req) => {
      assertSameUser(req, req.params.user_id, req.body.user_id);
      await service.deleteAll(req.userId);
      return { message: NOTIFICATION_TEXTS.deletedAll };
    },
  );

  api.post(
    '/fcm',
    {
      schema: {
        consumes: FORM_TYPES,
        body: pushDeviceForm,
        response: { 200: notificationsMessageAnswer, ...errorAnswers(400, 401, 403, 429) },
      },
      preHandler: [app.authenticate, opts.limit(PUSH_DEVICE_RULE)],
    },
    async (req) => {
      assertSameUser(req, req.body.user_id);
      await service.registerDevice(req.userId, req.body.device_id, req.body.token);
      return { message: NOTIFICATION_TEXTS.deviceRegistered };
    },
  );

  api.get('/fcm/key', { schema: { response: { 200: envelope(pushKeyBody) } } }, async () => ({
    body: { public_key: service.pushPublicKey() },
  }));
}

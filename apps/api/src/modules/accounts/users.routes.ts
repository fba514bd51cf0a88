import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ERRORS, AUTH_ERRORS, AUTH_MESSAGES, AUTH_TEXTS, envelope, userBody } from '@bosphorus/contract';
import { assertSameUser, HttpFailure, privateAnswers } from '../../plugins/auth.js';
import { errorAnswers, idString } from '../../plugins/routes.js';
import { clientUserId, userName } from './fields.js';
import { presentedCredential } from './session-answer.js';
import { byUser, HOUR, type LimitRule, type Limits } from '../../plugins/rate-limits.js';
import type { UsersService } from './users.service.js';

// Spec §7: GET /user/{id}, POST /user/{id}?uid=, POST /auth/update-profile
// and DELETE /fcm. Identity is the access token's; every id the client
// names must be that user (403 otherwise).

const userIdParam = z.object({ id: idString() });
const userQuery = z.object({ uid: z.string().optional(), user_id: z.string().optional() });
const profileForm = z.object({
  user_id: clientUserId,
  user_name: userName(),
  user_password: z.string().optional(),
  /** Required with user_password: the account's password now (docs/auth.md). */
  current_password: z.string().optional(),
  /** A native client's refresh credential: its session survives a password change. */
  refresh_token: z.string().optional(),
  /** The avatar file (multipart); checked and rebuilt by the service. */
  profile: z.any().optional(),
});
const deviceForm = z.object({ device_id: z.string().optional(), user_id: clientUserId }).nullish();
const deviceQuery = z.object({ device_id: z.string().optional(), user_id: z.string().optional() });

export const PROFILE_RULE: LimitRule = { name: 'profile-user', max: 20, timeWindowMs: HOUR, key: byUser };

export async function usersRoutes(app: FastifyInstance, opts: { service: UsersService; limit: Limits }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  privateAnswers(app);

  const readUser = async (id: number) => {
    const user = await service.get(id);
    if (!user) throw new HttpFailure(404, { error: API_ERRORS.notFound });
    return { body: { user } };
  };

  const userRoute = {
    schema: {
      params: userIdParam,
      querystring: userQuery,
      response: { 200: envelope(userBody), ...errorAnswers(400, 401, 403, 404) },
    },
    preHandler: app.authenticate,
  };

  api.get('/user/:id', userRoute, async (req) => {
    assertSameUser(req, req.params.id);
    return readUser(req.userId);
  });

  api.post('/user/:id', userRoute, async (req) => {
    assertSameUser(req, req.params.id);
    return readUser(req.userId);
  });

  api.post(
    '/auth/update-profile',
    {
      schema: {
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: profileForm,
        response: {
          200: z.object({ message: z.string(), body: userBody }),
          ...errorAnswers(400, 401, 403, 404, 413, 429),
        },
      },
      // Checked before the upload is read, so nobody unknown makes us parse one.
      onRequest: app.authenticate,
      preHandler: opts.limit(PROFILE_RULE),
    },
    async (req) => {
      assertSameUser(req, req.body.user_id);
      const user = await service.updateProfile(req.userId, {
        name: req.body.user_name,
        password: req.body.user_password,
        currentPassword: req.body.current_password,
        avatar: req.body.profile,
        refreshCredential: presentedCredential(req)?.value ?? null,
      });
      return { message: AUTH_MESSAGES.profileUpdated, body: { user } };
    },
  );

  api.delete(
    '/fcm',
    {
      schema: {
        body: deviceForm,
        querystring: deviceQuery,
        response: { 200: z.object({ message: z.string() }), ...errorAnswers(400, 401, 403) },
      },
      preHandler: app.authenticate,
    },
    async (req) => {
      const deviceId = req.body?.device_id ?? req.query.device_id;
      if (!deviceId) throw new HttpFailure(400, { error: `device_id: ${AUTH_ERRORS.required}`, field: 'device_id' });
      await service.forgetPushDevice(req.userId, deviceId);
      return { message: AUTH_TEXTS.deviceForgotten };
    },
  );
}

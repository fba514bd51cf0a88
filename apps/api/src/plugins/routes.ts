import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_ERRORS } from '@bosphorus/contract';
import { authErrorBody, privateAnswers } from './auth.js';
import { acceptMultipart } from './forms.js';

// What every module's routes file starts with, once: error answers in our
// shape for a response schema, the content types a form route takes, the id
// pattern of paths and forms, and the preamble of a context of private form
// routes (DESIGN §3, §4).

/** DESIGN §3: a form arrives urlencoded, multipart or JSON alike (a route's `consumes`). */
export const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'];

/** An id in a path or a form: 1–15 digits, so it is an exact integer (below 2^53) and never a float. */
export const ID_PATTERN = /^\d{1,15}$/;

/** An id as text, refused with a 400 naming the field otherwise. */
export const idString = () => z.string().regex(ID_PATTERN, { message: API_ERRORS.badId });

/** An id as a number. */
export const numericId = () => idString().transform(Number);

/** The id the web client adds to every call (spec §7); the auth guard compares it with the token's. */
export const viewerQuery = z.object({ user_id: z.string().optional(), userId: z.string().optional() });

/** A maker of response schemas: `body` for each of the given error statuses. */
export function errorAnswersWith<B extends z.ZodType>(body: B) {
  return (...statuses: number[]): Record<number, B> => Object.fromEntries(statuses.map((status) => [status, body]));
}

/** Response schemas of our error answers (`{error, field?, is_banned?, …}`) for these statuses. */
export const errorAnswers = errorAnswersWith(authErrorBody);

/**
 * A context of private form routes: answers never stored by a cache, and
 * bodies taken as multipart too (forms.ts). It returns nothing on purpose:
 * a Fastify instance is thenable, so an async function returning one would
 * wait for the whole app to boot.
 */
export async function acceptPrivateForms(app: FastifyInstance): Promise<void> {
  privateAnswers(app);
  await acceptMultipart(app);
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_ERRORS } from '@bosphorus/contract';

// DESIGN §3: every error is `{"error": "<text a person can read>"}` with the
// right status; bad input names the field; a 500 never leaks internals.

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const zodIssue = (issue?.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue;
      const field =
        zodIssue?.path?.map(String).join('.') ||
        issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ||
        error.validationContext ||
        'request';
      const message = issue?.message ?? 'is invalid';
      return reply.code(400).send({ error: `${field}: ${message}`, field });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: API_ERRORS.internal });
    }
    if (status === 429) {
      return reply.code(429).send({ error: API_ERRORS.tooManyRequests });
    }
    // Client errors raised by Fastify itself (bad JSON, body too large, …).
    return reply.code(status).send({ error: error.message });
  });
}

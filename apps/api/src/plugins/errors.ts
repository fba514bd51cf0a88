import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_ERRORS } from '@bosphorus/contract';

// DESIGN §3: every error is `{"error": "<text a person can read>"}` with the
// right status; bad input names the field; a 500 never leaks internals.
// One error path for the whole API: anything thrown anywhere that carries a
// status (an HttpFailure, or an error with `status`/`statusCode`) answers that
// status; only a real bug is a 500.

/** An expected refusal, thrown from any module: the status, the JSON answer and any headers. */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: string; field?: string } & Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.error);
  }
}

/** The client-error status an error carries (400–499), or null. */
function clientStatus(error: { status?: unknown; statusCode?: unknown }): number | null {
  const status = typeof error.statusCode === 'number' ? error.statusCode : error.status;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 500 ? status : null;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof HttpFailure) {
      return reply.code(error.status).headers(error.headers).send(error.body);
    }
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
    const status = clientStatus(error) ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: API_ERRORS.internal });
    }
    if (status === 429) {
      return reply.code(429).send({ error: API_ERRORS.tooManyRequests });
    }
    // Client errors raised by Fastify itself or a plugin (bad JSON, body too
    // large, a byte range past the end of a file, …), with the headers they
    // carry (416: Content-Range).
    const headers = (error as { headers?: unknown }).headers;
    if (headers !== null && typeof headers === 'object') reply.headers(headers as Record<string, string>);
    return reply.code(status).send({ error: error.message });
  });
}

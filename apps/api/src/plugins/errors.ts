import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_ERRORS } from '@bosphorus/contract';
import { isConnectionLost, RETRY_AFTER_SECONDS } from '../lib/database-faults.js';

// DESIGN §3: every error is `{"error": "<text a person can read>"}` with the
// right status; bad input names the field; a 500 never leaks internals.
// One error path for the whole API: anything thrown anywhere lands here.
//
// Only two kinds of error choose their own answer (issue 16 finding 3): our
// HttpFailure, and Fastify's own refusals (its plugins included). Anything
// else that carries a status — a payment provider's SDK error with the
// provider's 404, its message and its response headers (set-cookie, HSTS,
// CORS, transfer-encoding…) — is someone else's answer to *our* request:
// it is logged and answered as our own 5xx, with our text and our headers
// only; on a webhook, a 5xx makes the provider deliver the event again.

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

/** An error raised by Fastify or one of its plugins (@fastify/error: a FST_ code and a status). */
export function isFastifyError(error: unknown): error is Error & { code: string; statusCode?: number } {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('FST_');
}

/**
 * @fastify/static's client errors come from `send` as http-errors objects
 * (`expose` is true only for 4xx): a byte range past the end of a file is
 * 416 with the Content-Range the client needs.
 */
function isStaticFileError(error: unknown): error is Error & { status: number; headers?: Record<string, string> } {
  const e = error as { expose?: unknown; status?: unknown; statusCode?: unknown } | null;
  return error instanceof Error && e?.expose === true && typeof e.status === 'number' && e.status === e.statusCode;
}

/** The headers of a trusted client error we pass on: what the status needs, nothing else. */
const PASSED_HEADERS = ['content-range', 'allow'] as const;

/** A foreign error that names an HTTP status: some peer of ours (a payment provider) answered it. */
function foreignStatus(error: { status?: unknown; statusCode?: unknown }): number | null {
  const status = typeof error.statusCode === 'number' ? error.statusCode : error.status;
  return typeof status === 'number' && Number.isInteger(status) ? status : null;
}

const isClientStatus = (status: unknown): status is number =>
  typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 500;

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
    // Client errors raised by Fastify itself or a plugin (bad JSON, body too
    // large, a byte range past the end of a file, …).
    const fastifyOwn = isFastifyError(error) || isStaticFileError(error);
    const status = fastifyOwn ? (error.statusCode ?? (error as { status?: number }).status) : undefined;
    if (isClientStatus(status)) {
      if (status === 429) return reply.code(429).send({ error: API_ERRORS.tooManyRequests });
      const headers = (error as { headers?: Record<string, string> }).headers ?? {};
      for (const name of Object.keys(headers)) {
        if ((PASSED_HEADERS as readonly string[]).includes(name.toLowerCase())) reply.header(name, headers[name]);
      }
      return reply.code(status).send({ error: error.message });
    }
    if (isConnectionLost(error)) {
      // Issue 16 finding 5: a database connection killed under us is
      // transient; an idempotent read was already retried (lib/database-faults.ts).
      req.log.warn({ err: error }, 'database connection lost');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ error: API_ERRORS.unavailable });
    }
    if (!fastifyOwn && foreignStatus(error) !== null) {
      req.log.error({ err: error, peerStatus: foreignStatus(error) }, 'a service we called failed');
      return reply.code(502).send({ error: API_ERRORS.upstream });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: API_ERRORS.internal });
  });
}

/**
 * Fastify's `frameworkErrors`: answers it gives before routing and before
 * any hook — a path that does not decode (`/media/<token>/%c0%ae`), a path
 * parameter over the length limit (issue 16 finding 4). Our error shape
 * with our security headers (`headersFor`, plugins/security.ts); never the
 * path, which may hold a playback token.
 */
export function answerFrameworkError(headersFor: (url: string) => Record<string, string>) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const status = isClientStatus(error.statusCode) ? error.statusCode : 400;
    void reply.code(status).headers(headersFor(req.url)).send({ error: API_ERRORS.badUrl });
  };
}

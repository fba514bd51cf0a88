import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

// Issue 16 finding 5: PostgreSQL connections die under load (an operator's
// pg_terminate_backend, a failover, a restart: SQLSTATE 57P01 and its
// kin). The pool drops the dead connection and opens a fresh one for the
// next query, so the failure is transient: a GET or HEAD — an idempotent
// read, which may run twice — retries its handler once; anything else (a
// write may or may not have committed) answers 503 with Retry-After, never
// 500 (plugins/errors.ts).

/** Seconds a client waits before trying again after a lost connection. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * SQLSTATEs of a connection the server ended: class 08 (connection
 * exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot
 * connect now.
 */
const LOST_STATE = /^(?:08[0-9A-Z]{3}|57P0[123])$/;
const LOST_SOCKET = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
/** node-postgres says so in words only (no code) when the socket closes under a query. */
const LOST_MESSAGE = /^Connection terminated|connection error and is not queryable/;

/** True for an error that says the database connection was lost, not that the query was wrong. */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (LOST_STATE.test(code) || LOST_SOCKET.has(code))) return true;
  return LOST_MESSAGE.test(error.message);
}

const isRead = (method: string | string[]) => [method].flat().every((m) => m === 'GET' || m === 'HEAD');

/**
 * Every GET/HEAD route registered after this call runs its handler again,
 * once, when the first run lost its database connection before answering.
 * Called with the root instance before any route.
 */
export function retryReadsOnLostConnection(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!isRead(route.method)) return;
    const handler = route.handler as RouteHandlerMethod;
    // Not an async function: a handler that answers synchronously keeps doing so.
    route.handler = function retryingOnce(req, reply) {
      const result: unknown = handler.call(this, req, reply);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (!isConnectionLost(error) || reply.sent) throw error;
        req.log.warn({ err: error }, 'database connection lost; reading again on a fresh one');
        return handler.call(this, req, reply);
      });
    };
  });
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';

// Liveness: the process answers. Readiness: the database answers and the
// process is not shutting down (a load balancer stops sending traffic).
export async function healthRoutes(app: FastifyInstance, opts: { db: Db; isShuttingDown: () => boolean }) {
  app.get('/healthz', () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    if (opts.isShuttingDown()) return reply.code(503).send({ status: 'shutting down' });
    try {
      await opts.db.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
}

import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerSecurity, SEARCH_RATE_LIMIT_PER_MINUTE } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';
import { createCatalogueRepository } from './modules/catalogue/catalogue.repository.js';
import { createCatalogueService } from './modules/catalogue/catalogue.service.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Set by the process when a stop begins: readiness turns false at once. */
  lifecycle?: { shuttingDown: boolean };
}

/** Builds the whole application; never listens (server.ts does). */
export async function buildApp({ config, db, logger, lifecycle = { shuttingDown: false } }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // One structured line per request (onResponse below) instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: true,
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      {
        method: req.method,
        url: req.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: req.ip,
      },
      'request',
    );
    done();
  });
  app.addHook('preClose', (done) => {
    lifecycle.shuttingDown = true;
    done();
  });

  if (config.rateLimit) {
    // Search is the most expensive public call: a tighter limit. Added before
    // the rate-limit plugin, whose own onRoute hook reads this config.
    app.addHook('onRoute', (route) => {
      if (route.url === '/api/search') {
        route.config = {
          ...(route.config as object),
          rateLimit: { max: SEARCH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
        };
      }
    });
  }
  await registerSecurity(app, {
    rateLimit: config.rateLimit,
    https: config.publicUrl.startsWith('https:'),
  });
  // DESIGN §3: urlencoded, multipart and JSON bodies are accepted alike.
  await app.register(formbody);
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 5 * 1024 * 1024, files: 1 } });

  // DESIGN §3: the OpenAPI document is generated from the route schemas and
  // served at /api/docs (committed as apps/api/openapi.json by `npm run openapi`).
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bosphorus API', version: '1.0.0', description: 'Spec §7 contract. Answers are {"body": …}.' },
    },
    transform: jsonSchemaTransform,
  });

  const catalogue = createCatalogueService(createCatalogueRepository(db));

  await app.register(healthRoutes, { db, isShuttingDown: () => lifecycle.shuttingDown });
  await app.register(
    async (api) => {
      await api.register(catalogueRoutes, { service: catalogue, cacheSeconds: config.catalogueCacheSeconds });
      api.get('/docs', { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: '/api' },
  );
  await registerWeb(app, {
    distDir: config.webDistDir,
    uploadDirs: [config.seedUploadsDir, path.join(config.dataDir, 'uploads')],
    publicUrl: config.publicUrl,
    catalogue,
  });

  return app;
}

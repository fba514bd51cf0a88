import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { registerErrorHandler } from './plugins/errors.js';
import { securityPlugin, SEARCH_RATE_LIMIT_PER_MINUTE } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';
import { createCatalogueRepository } from './modules/catalogue/catalogue.repository.js';
import { createCatalogueService } from './modules/catalogue/catalogue.service.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole application; never listens (server.ts does). */
export async function buildApp({ config, db, logger }: BuildOptions) {
  let shuttingDown = false;
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
  // Readiness turns false as soon as shutdown starts.
  app.addHook('preClose', (done) => {
    shuttingDown = true;
    done();
  });

  await app.register(securityPlugin, {
    rateLimit: config.rateLimit,
    https: config.publicUrl.startsWith('https:'),
  });
  // DESIGN §3: urlencoded, multipart and JSON bodies are accepted alike.
  await app.register(formbody);
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 5 * 1024 * 1024, files: 1 } });

  const catalogue = createCatalogueService(createCatalogueRepository(db));

  await app.register(healthRoutes, { db, isShuttingDown: () => shuttingDown });
  await app.register(
    async (api) => {
      if (config.rateLimit) {
        // Search is the most expensive public call: a tighter limit.
        api.addHook('onRoute', (route) => {
          if (route.url === '/api/search') {
            route.config = { ...(route.config as object), rateLimit: { max: SEARCH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
          }
        });
      }
      await api.register(catalogueRoutes, { service: catalogue, cacheSeconds: config.catalogueCacheSeconds });
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

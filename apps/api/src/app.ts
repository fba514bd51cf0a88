import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { INGEST_TEXTS } from '@bosphorus/contract';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { answerFrameworkError, registerErrorHandler } from './plugins/errors.js';
import { retryReadsOnLostConnection } from './lib/database-faults.js';
import { refusingUnstorableText } from './plugins/text-input.js';
import { registerJsonBody } from './plugins/json-body.js';
import { acceptMultipart } from './plugins/forms.js';
import { registerSecurity, SEARCH_RATE_LIMIT_PER_MINUTE, securityHeadersFor } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';
import { registerAuthGuard } from './plugins/auth.js';
import { registerDevOutbox } from './plugins/dev-outbox.js';
import { createCaptcha, type Captcha } from './lib/captcha.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { loadSecrets, type Secrets } from './lib/secrets.js';
import {
  createAccountServices,
  createIngest,
  createMarkers,
  createNotifications,
  createRepositories,
  supportIn,
} from './services.js';
import { ingestRoutes } from './modules/ingest/ingest.routes.js';
import { markersAdminRoutes, markersRoutes } from './modules/markers/markers.routes.js';
import { createAccessTokens } from './modules/accounts/tokens.js';
import { createAuthService } from './modules/accounts/auth.service.js';
import { authRoutes } from './modules/accounts/auth.routes.js';
import { createLimits } from './plugins/rate-limits.js';
import { createViewerState } from './modules/accounts/viewer-state.js';
import { createChangeFeed } from './lib/change-feed.js';
import { usersRoutes } from './modules/accounts/users.routes.js';
import { createOidcClient } from './modules/accounts/google-client.js';
import { oauthRoutes } from './modules/accounts/oauth.routes.js';
import { createOauthService } from './modules/accounts/oauth.service.js';
import {
  createCatalogueService,
  toMovieCard,
  toSeriesCard,
  type Viewer,
} from './modules/catalogue/catalogue.service.js';
import { catalogueRoutes, type DetailOverlay } from './modules/catalogue/catalogue.routes.js';
import { createPublicAnswers } from './modules/catalogue/public-answers.js';
import { catalogueAdminRoutes } from './modules/catalogue/catalogue-admin.routes.js';
import { createCatalogueAdminService } from './modules/catalogue/catalogue-admin.service.js';
import { createCatalogueImages } from './modules/catalogue/catalogue-images.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { registerBilling } from './modules/billing/billing.module.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { createConsoleService } from './modules/admin/console.service.js';
import {
  DEMO_PAYPAL_MOUNT,
  DEMO_STRIPE_MOUNT,
  registerBillingDemo,
} from './modules/billing-demo/billing-demo.module.js';
import { deriveKey } from './lib/secrets.js';
import { createPlaybackTokens } from './modules/playback/playback-token.js';
import { createPlaybackService } from './modules/playback/playback.service.js';
import { createSiteOrigins, registerCanonicalHost } from './plugins/site-origin.js';
import { playbackRoutes } from './modules/playback/playback.routes.js';
import { mediaRoutes, playerInfoFor, redactUrl } from './modules/playback/media.routes.js';
import { createReviewsService } from './modules/reviews/reviews.service.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { createSupportService } from './modules/support/support.service.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { createDiagnosticsService } from './modules/diagnostics/diagnostics.service.js';
import { diagnosticsRoutes, mediaProbeRoutes } from './modules/diagnostics/diagnostics.routes.js';
import { createHistoryService } from './modules/history/history.service.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { createLibraryService } from './modules/library/library.service.js';
import { libraryOverlay, libraryRoutes } from './modules/library/library.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { pushSenderOf } from './modules/notifications/push.js';
import { startScheduler } from './modules/notifications/scheduler.js';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Set by the process when a stop begins: readiness turns false at once. */
  lifecycle?: { shuttingDown: boolean };
  /** Injected by tests; made from the configuration otherwise (and closed with the app). */
  mailer?: Mailer;
  captcha?: Captcha;
  secrets?: Secrets;
}

/** Builds the whole application; never listens (server.ts does). */
export async function buildApp({ config, db, logger, lifecycle = { shuttingDown: false }, ...injected }: BuildOptions) {
  // Every address the site is opened at (decision 0034): links, the
  // player's origins and payment returns follow the origin each request came
  // to, unless PUBLIC_URL fixes one (then pages at other hosts redirect).
  const origins = createSiteOrigins(config);
  // The player page on its media origins (spec §4), or on the site's own.
  const playerOrigins = origins.configuredMedia.length ? origins.configuredMedia : ["'self'"];
  const https = config.publicUrl.startsWith('https:');
  const app = Fastify({
    // A URL that does not decode: our error shape and headers, never the URL.
    frameworkErrors: answerFrameworkError(securityHeadersFor(https, playerOrigins)),
    logger: logger ?? { level: config.logLevel },
    // One structured line per request (onResponse below) instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count believes that many proxies nearest to us.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
  });
  // Zod schemas, behind one rule for text the database cannot store (plugins/text-input.ts).
  app.setValidatorCompiler(refusingUnstorableText(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // JSON bodies nested deeper than MAX_BODY_DEPTH are refused before they are parsed.
  registerJsonBody(app);
  // A GET or HEAD whose database connection died reads again, once (issue 16).
  retryReadsOnLostConnection(app);

  // Returns early when info is off: building the line reads req.ip, a
  // proxy-aware header parse per request (decision 0011).
  const LOGS_INFO = new Set(['trace', 'debug', 'info']);
  app.addHook('onResponse', (req, reply, done) => {
    if (!LOGS_INFO.has(req.log.level)) return done();
    req.log.info(
      {
        method: req.method,
        // Media URLs carry a playback token: never in a log line (decision 0018).
        url: redactUrl(req.url),
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

  if (!origins.fixed) {
    // Issue 27 finding 1: said once, so an operator knows where reset links point.
    app.log.warn(
      `PUBLIC_URL is not set: mailed links (password resets) point to the address a request came to only when this server answers there (its host name, its interfaces' addresses, ALLOWED_HOSTS), else to ${origins.configured}`,
    );
  }
  if (!origins.fixed && origins.configuredMedia.length)
    app.log.warn("MEDIA_MAIN_ORIGIN is set without PUBLIC_URL: the player names PUBLIC_URL's default as its app");

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
  // Rate-limit counters are shared through Redis when REDIS_URL is set.
  const redis =
    config.rateLimit && config.redisUrl
      ? new Redis(config.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 })
      : null;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable: rate limits skipped'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await registerSecurity(app, {
    rateLimit: config.rateLimit,
    https,
    redis,
    playerOrigins,
  });
  // After the security headers: a redirect carries them too.
  // The demo provider's APIs are called in-process by the official SDKs, at a host of their own.
  registerCanonicalHost(app, origins, [DEMO_STRIPE_MOUNT, DEMO_PAYPAL_MOUNT]);
  // DESIGN §3: urlencoded, multipart and JSON bodies are accepted alike;
  // multipart where there are forms (plugins/forms.ts).
  await app.register(formbody);

  // DESIGN §3: the OpenAPI document is generated from the route schemas and
  // served at /api/docs (committed as apps/api/openapi.json by `npm run openapi`).
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bosphorus API', version: '1.0.0', description: 'Spec §7 contract. Answers are {"body": …}.' },
    },
    transform: jsonSchemaTransform,
  });

  // Each module's repository, built once and handed to the services that
  // need it (services.ts; a module never builds another's).
  const repositories = createRepositories(db);
  const catalogueRepository = repositories.catalogue;
  const catalogue = createCatalogueService(catalogueRepository, {
    // The series page's episode list: "1 h 52 min of story" (issue 28).
    notStorySeconds: (seriesId) => repositories.markers.notStorySeconds(seriesId),
  });
  // Other modules' per-viewer fields of the detail answers (is_wishlist,
  // is_notification_on).
  const detailOverlays: DetailOverlay[] = [];
  // The database's change feed (decision 0028), the one way to say "data
  // changed": what this instance holds in memory of an account, a library or
  // the catalogue is dropped on every committed write, from any instance or
  // the admin CLI; a writer here also tells it (`changed()`) so its copy goes
  // at once. Every holder below is handed the feed, every writer `changed`.
  const changes = createChangeFeed();
  await changes.start(db);
  app.decorate('changeFeed', changes);
  app.addHook('onClose', () => changes.close());
  // The catalogue's shared public answers and their signed-in variants.
  const publicAnswers = createPublicAnswers({ cacheSeconds: config.catalogueCacheSeconds, feed: changes });

  // Accounts and sessions (docs/auth.md).
  const secrets = injected.secrets ?? loadSecrets(config.dataDir, config.jwtSecret);
  const mailer =
    injected.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, production: config.production, log: app.log });
  if (!injected.mailer) app.addHook('onClose', () => mailer.close());
  const captcha = injected.captcha ?? createCaptcha(config.captcha, secrets.altchaHmacKey);
  if (captcha.provider === 'off') app.log.warn('CAPTCHA_PROVIDER=off: registration is not protected by a captcha');
  const tokens = createAccessTokens(secrets.jwtSecret);
  const usersRepository = repositories.users;
  // Every signed-in request's account state (exists, banned, plan), held
  // per user until the change feed says it changed.
  const viewerState = createViewerState({ repo: usersRepository, feed: changes });
  registerAuthGuard(app, { tokens, userStatus: viewerState.status });
  // A signed-in viewer's own fields of the catalogue answers (spec §3 canPlay).
  const viewerOf: (userId: number) => Promise<Viewer> = viewerState.viewer;
  const limit = createLimits(app, config.rateLimit, redis);
  // The player (modules/playback): playback tokens under a key derived from
  // the signing secret, so every instance sharing JWT_SECRET shares it too.
  const playbackTokens = createPlaybackTokens({
    keys: [deriveKey(secrets.jwtSecret, 'playback-token-v1')],
    ttlSeconds: config.media.tokenTtlSeconds,
  });
  const playback = createPlaybackService({
    repo: repositories.playback,
    catalogue: catalogueRepository,
    tokens: playbackTokens,
    media: config.media,
    // The paid-content gate reads the plan from the database at each play.
    viewer: viewerState.viewerNow,
    log: app.log,
    feed: changes,
    markers: (episodeId) => repositories.markers.published(episodeId),
    notStorySeconds: (seriesId) => repositories.markers.notStorySeconds(seriesId),
  });
  // Favourites and the series bell (modules/library): cards from the
  // catalogue, the plan from the viewer, and the viewer's flags on the
  // detail answers (held per viewer, dropped by the change feed).
  const library = createLibraryService({
    repo: repositories.library,
    cards: {
      movies: async (ids) => (await catalogueRepository.movieCards(ids)).map(toMovieCard),
      series: async (ids) => (await catalogueRepository.seriesCards(ids)).map(toSeriesCard),
    },
    viewer: viewerOf,
    feed: changes,
  });
  detailOverlays.push(libraryOverlay(library));
  // Reviews and replies (modules/reviews, decisions 0021 and 0028): every
  // write drops the title's cached answers through the change feed.
  const reviews = createReviewsService({ repo: repositories.reviews, changes });
  // New-episode notifications (modules/notifications, decision 0023): the
  // publishing scheduler of this instance announces each episode once to the
  // series' followers, then Web Push; a published episode drops its series'
  // cached answers on every instance (the change feed, migration 0012).
  const notifications = createNotifications(db, repositories, {
    push: pushSenderOf(config, secrets),
    allowHttpEndpoints: config.push.allowHttpEndpoints,
    changes,
    log: app.log,
  });
  if (config.publishIntervalSeconds > 0) {
    const scheduler = startScheduler({
      intervalMs: config.publishIntervalSeconds * 1000,
      run: () => notifications.announceDue(),
      onError: (error) => app.log.error({ err: error }, 'announcing new episodes failed; the next run retries'),
    });
    app.addHook('onClose', () => scheduler.stop());
  }
  // Media ingest (issue 17, modules/ingest, decision 0085): this process
  // runs INGEST_CONCURRENCY transcodes from the queue on the database
  // (0: only `npm run worker` processes do); never inside a request. An
  // episode's English track, once out, tells its followers (issue 28).
  const ingest = createIngest(db, repositories, config, app.log, {
    subtitlesStored: (tx, type, id, language) => notifications.subtitlesStoredIn(tx, type, id, language),
  });
  void ingest.ffmpegVersion().then((version) => {
    if (version === null) app.log.error(`media ingest: ${INGEST_TEXTS.ffmpegMissing}`);
    else app.log.info({ ffmpeg: version }, 'media ingest: ffmpeg found');
  });
  // Episode markers (modules/markers, issue 28): found by the queue's
  // markers jobs, read by the player, fixed in the console.
  const markers = createMarkers(db, repositories, config, app.log);
  if (config.ingest.concurrency > 0) {
    const runner = ingest.startRunner({ concurrency: config.ingest.concurrency });
    app.addHook('onClose', () => runner.stop());
  }
  // The account modules (docs/architecture.md): users owns the accounts,
  // auth the sessions and codes, oauth no table. Each reaches the others
  // through what is handed in here, never through their repositories' SQL.
  const auth = createAuthService({
    db,
    repo: repositories.auth,
    users: usersRepository,
    tokens,
    codeSecret: secrets.altchaHmacKey,
    mailer,
    requireEmailVerification: config.requireEmailVerification,
    log: app.log,
  });
  const { users } = createAccountServices(db, repositories, {
    uploadsDir: path.join(config.dataDir, 'uploads'),
    log: app.log,
  });
  const oauth = createOauthService({ users: usersRepository, auth });
  registerDevOutbox(app, mailer);

  await app.register(healthRoutes, { db, isShuttingDown: () => lifecycle.shuttingDown });
  await app.register(
    async (api) => {
      await api.register(catalogueRoutes, {
        service: catalogue,
        answers: publicAnswers,
        viewer: viewerOf,
        detailOverlays,
      });
      // The player's calls: private answers, forms (multipart too).
      await api.register(playbackRoutes, {
        service: playback,
        limit,
        origins,
        mintAllowed: viewerState.mintAllowed,
      });
      // FAQ, policy pages and the contact form (modules/support, decision 0025).
      await api.register(supportRoutes, {
        service: createSupportService({
          repo: repositories.support,
          mailer,
          contactTo: config.contactTo,
          log: app.log,
        }),
        captcha,
        limit,
      });
      // Client error reports and the technical support page (modules/diagnostics, decision 0053).
      await api.register(diagnosticsRoutes, {
        service: createDiagnosticsService({
          repo: repositories.diagnostics,
          vpnCheckUrl: config.vpnCheckUrl,
          log: app.log,
        }),
        limit,
        db,
        identify: async (req) => {
          const match = /^Bearer +(\S+)\s*$/i.exec(req.headers.authorization ?? '');
          return match ? tokens.verify(match[1]!) : null;
        },
        // The origins the player uses for this request (spec §4: '.com' → '.net' backup).
        media: (req) => origins.media(req),
      });
      // Watch history, Continue Watching and Next Up from the player's saved
      // positions (modules/history, decision 0024): private, forms.
      await api.register(historyRoutes, {
        service: createHistoryService({
          repo: repositories.history,
          progress: repositories.playback,
          viewer: viewerOf,
        }),
      });
      // An episode's markers for the player (modules/markers): public, as episode lists are.
      await api.register(markersRoutes, { service: markers });
      // Favourites and notification toggles: private answers, forms.
      await api.register(libraryRoutes, { service: library, limit });
      // Reviews and replies: private answers, forms.
      await api.register(reviewsRoutes, { service: reviews, limit });
      // The header bell's notifications and push devices: private answers, forms.
      await api.register(notificationsRoutes, { service: notifications, limit });
      // The account modules: a context of their own that takes multipart
      // bodies (plugins/forms.ts) and reads and sets cookies (the refresh
      // credential, the Google flow), so the catalogue's reads pay for neither.
      await api.register(async (accounts) => {
        await accounts.register(cookie);
        await acceptMultipart(accounts);
        await accounts.register(authRoutes, {
          service: auth,
          captcha,
          limit,
          publicUrl: config.publicUrl,
          origins,
          googleEnabled: config.google !== null,
        });
        await accounts.register(usersRoutes, { service: users, limit });
        await accounts.register(oauthRoutes, {
          client: config.google
            ? createOidcClient({ ...config.google, redirectUri: `${config.publicUrl}/api/auth/google/callback` })
            : null,
          service: oauth,
          captcha,
          limit,
          publicUrl: config.publicUrl,
          origins,
          secret: `${secrets.jwtSecret}:oauth-flow`,
        });
      });
      // The operator console (issue 17, modules/admin): operators only.
      await api.register(adminRoutes, {
        prefix: '/admin',
        audit: repositories.audit,
        console: createConsoleService({ db, repositories, users, supportIn }),
        limit,
        roleOf: async (id) => (await usersRepository.byId(id))?.role ?? null,
        emailOf: async (id) => (await usersRepository.byId(id))?.email ?? null,
      });
      // The console's Catalogue section (modules/catalogue, decision 0088):
      // operators only, as above; episodes are published through the
      // notifications module's publishing transaction.
      await api.register(catalogueAdminRoutes, {
        prefix: '/admin/catalogue',
        service: createCatalogueAdminService({
          db,
          audit: repositories.audit,
          publish: (seriesId, options) => notifications.publishEpisode(seriesId, options),
          images: createCatalogueImages({
            dir: path.join(config.dataDir, 'uploads'),
            lookIn: [config.seedUploadsDir, path.join(config.dataDir, 'uploads')],
          }),
          media: { playable: ingest.playable, frame: ingest.posterFrame },
          changes,
        }),
        limit,
        roleOf: async (id) => (await usersRepository.byId(id))?.role ?? null,
        actorOf: async (id) => ({ id, name: (await usersRepository.byId(id))?.email ?? `user ${id}` }),
      });
      // Media ingest in the console (modules/ingest): operators only, as above.
      await api.register(ingestRoutes, {
        prefix: '/admin',
        ingest,
        maxUploadBytes: config.ingest.maxUploadBytes,
        concurrency: config.ingest.concurrency,
        roleOf: async (id) => (await usersRepository.byId(id))?.role ?? null,
        actorOf: async (id) => ({ id, name: (await usersRepository.byId(id))?.email ?? String(id) }),
        tokens: playbackTokens,
        origins,
      });
      // Episode markers in the console (modules/markers): operators only, as above.
      await api.register(markersAdminRoutes, {
        prefix: '/admin',
        service: markers,
        roleOf: async (id) => (await usersRepository.byId(id))?.role ?? null,
        actorOf: async (id) => ({ id, name: (await usersRepository.byId(id))?.email ?? String(id) }),
      });
      api.get('/docs', { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: '/api' },
  );
  // Token-gated media files for the player page (modules/playback).
  const media = {
    service: playback,
    tokens: playbackTokens,
    origins,
    playbackAllowed: viewerState.playbackAllowed,
    isOperator: async (id: number) => (await usersRepository.byId(id))?.role === 'admin',
  };
  await app.register(mediaRoutes, media);
  // The technical support page's CDN test files, on every media origin.
  await app.register(mediaProbeRoutes, { appOrigin: (req) => origins.appOf(req) });
  // The embedded demo payment provider, for a provider without keys
  // (modules/billing-demo), and plans, checkouts, subscriptions and webhooks
  // on the providers or the demo's stand-ins (modules/billing).
  const billingDemo = await registerBillingDemo(app, { config, repository: repositories.billingDemo });
  await registerBilling(app, {
    config,
    repository: repositories.billing,
    limit,
    origins,
    changes,
    standIns: billingDemo.standIns,
  });
  await registerWeb(app, {
    distDir: config.webDistDir,
    uploadDirs: [config.seedUploadsDir, path.join(config.dataDir, 'uploads')],
    origins,
    catalogue,
    // A page rendered here asks the API as the browser would, in process (decision 0107).
    api: async (url) => {
      const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      return new Response(answer.statusCode === 204 ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    },
    pageCacheSeconds: config.catalogueCacheSeconds,
    feed: changes,
    // The player page carries its token's info.json (decision 0105).
    playerInfo: playerInfoFor(media),
  });

  return app;
}

import type { Config } from './config.js';
import type { Db, Queryable } from './db/client.js';
import { createAuditRepository } from './modules/admin/audit.repository.js';
import { createAuthRepository } from './modules/accounts/auth.repository.js';
import { createSessionControl } from './modules/accounts/session-control.js';
import { createBillingRepository } from './modules/billing/billing.repository.js';
import { createBillingDemoRepository } from './modules/billing-demo/billing-demo.repository.js';
import { createCatalogueRepository } from './modules/catalogue/catalogue.repository.js';
import { createPublishingRepository } from './modules/catalogue/publishing.repository.js';
import { createIngestRepository } from './modules/ingest/ingest.repository.js';
import { createIngestService } from './modules/ingest/ingest.service.js';
import { createMarkersRepository } from './modules/markers/markers.repository.js';
import { createMarkersService } from './modules/markers/markers.service.js';
import { createDiagnosticsRepository } from './modules/diagnostics/diagnostics.repository.js';
import { createHistoryRepository } from './modules/history/history.repository.js';
import { createLibraryRepository } from './modules/library/library.repository.js';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.js';
import { createNotificationsService, type NotificationsDeps } from './modules/notifications/notifications.service.js';
import { createPlaybackRepository } from './modules/playback/playback.repository.js';
import { createReviewsRepository } from './modules/reviews/reviews.repository.js';
import { createSupportRepository } from './modules/support/support.repository.js';
import { createUsersRepository } from './modules/accounts/users.repository.js';
import { createUsersService, type UsersServiceDeps } from './modules/accounts/users.service.js';

// The wiring app.ts and cli/admin.ts share (docs/architecture.md "Modules"):
// each module's repository, built once per database and handed to the
// services that need it, and the services an operator's command shares with
// the routes, built the same way in both processes.

/** Every module's statements on `db`; the only place a repository is made from the database. */
export function createRepositories(db: Db) {
  return {
    audit: createAuditRepository(db),
    auth: createAuthRepository(db),
    billing: createBillingRepository(db),
    billingDemo: createBillingDemoRepository(db),
    catalogue: createCatalogueRepository(db),
    diagnostics: createDiagnosticsRepository(db),
    history: createHistoryRepository(db),
    ingest: createIngestRepository(db),
    library: createLibraryRepository(db),
    markers: createMarkersRepository(db),
    notifications: createNotificationsRepository(db),
    playback: createPlaybackRepository(db),
    reviews: createReviewsRepository(db),
    support: createSupportRepository(db),
    users: createUsersRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/** The support module's statements on a transaction (the console's page and FAQ edits, set-page). */
export const supportIn = (q: Queryable) => createSupportRepository(q);

/**
 * The users service and the auth module's session control it ends sessions
 * through (a new password, a ban). Neither needs a secret, so the admin CLI
 * bans through the very code the server would.
 */
export function createAccountServices(
  db: Db,
  repositories: Repositories,
  opts: Pick<UsersServiceDeps, 'uploadsDir' | 'log'>,
) {
  const sessions = createSessionControl({ db, repo: repositories.auth });
  const users = createUsersService({
    db,
    repo: repositories.users,
    sessions,
    pushDevices: repositories.notifications,
    audit: repositories.audit,
    ...opts,
  });
  return { sessions, users };
}

/**
 * Episode publishing and the header bell (modules/notifications). Publishing
 * is one transaction across three modules: the catalogue makes the episode
 * available, playback gives a new one its files, notifications announces it.
 * The other modules' statements are bound to that `tx` per call (a
 * repository is a set of functions over a Queryable; making one is free).
 */
export function createNotifications(
  db: Db,
  repositories: Repositories,
  opts: Omit<NotificationsDeps, 'db' | 'repo' | 'copySeriesMedia' | 'publishingIn'>,
) {
  return createNotificationsService({
    db,
    repo: repositories.notifications,
    copySeriesMedia: (tx, id) => createPlaybackRepository(tx).copySeriesMedia(id),
    publishingIn: (tx) => createPublishingRepository(tx),
    ...opts,
  });
}

/**
 * Media ingest (modules/ingest): uploads, the transcode queue and its
 * runner, subtitles. The site and `npm run worker` build it the same way.
 */
/**
 * Episode markers (modules/markers, issue 28): the console's and the
 * player's calls, and the queue's 'markers' job (`runJob`).
 */
export function createMarkers(
  db: Db,
  repositories: Repositories,
  config: Pick<Config, 'ingest' | 'media'>,
  log: Parameters<typeof createIngestService>[0]['log'],
) {
  return createMarkersService({
    db,
    repo: repositories.markers,
    ingest: repositories.ingest,
    audit: repositories.audit,
    reposIn: (tx) => ({ markers: createMarkersRepository(tx), ingest: createIngestRepository(tx) }),
    tools: { ffmpeg: config.ingest.ffmpeg, ffprobe: config.ingest.ffprobe },
    mediaDir: config.media.dir,
    maxAttempts: config.ingest.maxAttempts,
    detect: config.ingest.markers,
    log,
  });
}

/** Media ingest (modules/ingest): uploads and the job queue, whose runners also run markers jobs. */
export function createIngest(
  db: Db,
  repositories: Repositories,
  config: Pick<Config, 'ingest' | 'media'>,
  log: Parameters<typeof createIngestService>[0]['log'],
  hooks: Pick<Parameters<typeof createIngestService>[0], 'subtitlesStored'> = {},
) {
  const markers = createMarkers(db, repositories, config, log);
  return createIngestService({
    ...hooks,
    db,
    runners: { markers: markers.runJob },
    repo: repositories.ingest,
    playback: repositories.playback,
    reposIn: (tx) => ({
      ingest: createIngestRepository(tx),
      playback: createPlaybackRepository(tx),
      // The audit log records on the transaction it is handed.
      audit: repositories.audit,
    }),
    config: config.ingest,
    mediaDir: config.media.dir,
    // A token minted just before a title moved on, and playback's 30 s file cache.
    servedForSeconds: config.media.tokenTtlSeconds + 60,
    log,
  });
}

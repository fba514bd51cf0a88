import type { FastifyBaseLogger } from 'fastify';
import {
  API_ERRORS,
  ENGLISH_SUBTITLE_LANGUAGE,
  ENGLISH_SUBTITLES_TEXTS,
  NOTIFICATION_TEXTS,
  NOTIFICATIONS_LIST_SIZE,
  type NotificationsBody,
  type PushMessage,
} from '@bosphorus/contract';
import type { Db, Queryable } from '../../db/client.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { HttpFailure } from '../../plugins/errors.js';
import {
  createNotificationsRepository,
  type DueEpisodeRow,
  type InsertedNotificationRow,
  type NotificationItem,
  type NotificationsRepository,
} from './notifications.repository.js';
import type { PublishingRepository } from '../catalogue/publishing.repository.js';
import { parseSubscription, type PushSender } from './push.js';

// New-episode notifications (README.md here): the bell's list, marking read,
// deleting, push devices, and announcing episodes exactly once.

/** Episodes announced per transaction; a run takes batches until none is left (or MAX_BATCHES). */
export const ANNOUNCE_BATCH = 50;
const MAX_BATCHES = 20;
/** Push requests in flight at once. */
const PUSH_CONCURRENCY = 8;

export interface NotificationsDeps {
  db: Db;
  /** This module's statements on `db` (app.ts builds each repository once). */
  repo: NotificationsRepository;
  /** null: Web Push is off (no VAPID keys). */
  push: PushSender | null;
  allowHttpEndpoints: boolean;
  /** Gives a new episode the files its series' latest playable episode plays (modules/playback). */
  copySeriesMedia(tx: Queryable, episodeId: number): Promise<void>;
  /** The catalogue's publishing statements bound to the publishing transaction (modules/catalogue). */
  publishingIn(tx: Queryable): PublishingRepository;
  /**
   * The change feed (decision 0028), told after an episode of a series
   * became available, so this instance drops the series' public answers at
   * once (other instances hear the episodes trigger, migration 0012).
   * Absent in a process that holds no copies (the admin CLI).
   */
  changes?: Pick<ChangeFeed, 'changed'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
}

export interface AnnounceOptions {
  /** Tests: runs inside the transaction just before it commits (a throw rolls everything back). */
  beforeCommit?(episodeIds: number[]): Promise<void>;
}

export interface PublishResult {
  episodeId: number;
  /** True when no episode was scheduled and a new one was made. */
  created: boolean;
  /** True when the episode asked for was out already (its followers were told then). */
  wasOut: boolean;
  notified: number;
}

export interface PublishOptions {
  /**
   * Which episode: by default the series' next scheduled one (or a new one
   * when none is); an id publishes that episode of the series now; a
   * function makes the episode (already out) on the publishing transaction
   * and returns its id (the console's new episode, published now).
   */
  episode?: number | ((tx: Queryable) => Promise<number>);
  /**
   * Runs on the publishing transaction after the announcement (the audit
   * entry: this module knows nothing of operators); a throw rolls all back.
   */
  record?(tx: Queryable, result: PublishResult): Promise<void>;
}

/** A new episode: title the series, content 'S1 E2 · … is now available' (decision 0023). */
export function contentOf(e: DueEpisodeRow): NotificationItem {
  return {
    episodeId: e.id,
    kind: 'episode',
    title: e.seriesTitle,
    content: NOTIFICATION_TEXTS.episodeAvailable(e.seasonNumber, e.episodeNumber, e.episodeTitle),
  };
}

/**
 * Its English subtitles (issue 28, decision 0131): the title is the issue's
 * sentence word for word, 'English subtitles are ready: Kuruluş Osman
 * Season 2, Episode 5'; the content the episode's title.
 */
export function englishSubtitlesContentOf(e: DueEpisodeRow): NotificationItem {
  return {
    episodeId: e.id,
    kind: 'english_subtitles',
    title: ENGLISH_SUBTITLES_TEXTS.ready(e.seriesTitle, e.seasonNumber, e.episodeNumber),
    content: e.episodeTitle,
  };
}

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, repo, log } = deps;
  // The announcing steps share one transaction: the same statements bound to
  // `tx`, made here because the transaction exists only inside this service
  // (a repository is a set of functions over a Queryable; making one is free).
  const inTx = (tx: Queryable) => createNotificationsRepository(tx);

  /**
   * The notifications of the given episodes for their series' followers, in
   * the caller's transaction: the new episode for those who hear of new
   * episodes, and, for an episode that comes out with its English track
   * already there, its English subtitles for those who hear of those.
   */
  async function announceIn(tx: Queryable, episodeIds: number[]) {
    const txRepo = inTx(tx);
    const episodes = await txRepo.episodeInfo(episodeIds);
    const english = new Set(await txRepo.withEnglishTrack(episodeIds, ENGLISH_SUBTITLE_LANGUAGE));
    const inserted = await txRepo.insertForFollowers([
      ...episodes.map(contentOf),
      ...episodes.filter((e) => english.has(Number(e.id))).map(englishSubtitlesContentOf),
    ]);
    await txRepo.markAnnounced(episodeIds);
    return { episodes, inserted };
  }

  /**
   * After the commit: one push message per notification to each of the
   * user's devices. A failure is logged and never undoes the announcement;
   * a subscription the push service no longer knows (404/410) is forgotten.
   */
  async function deliver(inserted: InsertedNotificationRow[]): Promise<void> {
    const { push } = deps;
    if (!push || !inserted.length) return;
    const devices = await repo.devicesOf([...new Set(inserted.map((n) => n.userId))]);
    const byUser = new Map<number, typeof devices>();
    for (const d of devices) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d]);
    const jobs = inserted.flatMap((n) =>
      (byUser.get(n.userId) ?? []).map((device) => ({ device, message: messageOf(n) })),
    );
    let failed = 0;
    const worker = async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) {
        const outcome = await push.send(job.device.token, job.message);
        if (outcome === 'gone') await repo.removeDevice(job.device.id, job.device.token);
        if (outcome === 'failed') failed += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, jobs.length) }, worker));
    if (failed) log.warn({ failed }, 'some push messages were not accepted by their push service');
  }

  const safeDeliver = (inserted: InsertedNotificationRow[]) =>
    deliver(inserted).catch((error: unknown) => log.error({ err: error }, 'push delivery failed'));

  return {
    async list(userId: number): Promise<NotificationsBody> {
      const [rows, unread] = await Promise.all([repo.list(userId, NOTIFICATIONS_LIST_SIZE), repo.unreadCount(userId)]);
      return {
        notifications: rows.map((r) => ({
          id: r.id,
          item_id: r.itemId,
          title: r.title,
          content: r.content,
          is_read: r.isRead ? '1' : '0',
          created_at: r.createdAt,
          kind: r.kind,
        })),
        unread_count: unread,
      };
    },

    async markRead(userId: number, notificationId: number): Promise<void> {
      if (!(await repo.markRead(userId, notificationId))) throw new HttpFailure(404, { error: API_ERRORS.notFound });
    },

    deleteAll: (userId: number) => repo.deleteAll(userId),

    pushPublicKey: () => deps.push?.publicKey ?? null,

    async registerDevice(userId: number, deviceId: string, token: string): Promise<void> {
      const subscription = parseSubscription(token, deps.allowHttpEndpoints);
      if (!subscription) {
        let https = true;
        try {
          https = new URL((JSON.parse(token) as { endpoint?: string }).endpoint ?? '').protocol === 'https:';
        } catch {
          // not JSON or no address: the general message
        }
        const problem = https ? NOTIFICATION_TEXTS.badSubscription : NOTIFICATION_TEXTS.insecureEndpoint;
        throw new HttpFailure(400, { error: `token: ${problem}`, field: 'token' });
      }
      // Stored as the browser gave it, minus anything but what sending needs.
      const stored = JSON.stringify({ endpoint: subscription.endpoint, keys: subscription.keys });
      await repo.saveDevice(userId, deviceId, stored);
    },

    /**
     * Announces every episode that is out and not yet announced, in
     * transactions of up to ANNOUNCE_BATCH episodes: lock them (SKIP LOCKED:
     * another instance's are left to it), insert the followers'
     * notifications, mark them announced, commit; then push. A transaction
     * that fails leaves nothing behind, and the next run does it again.
     */
    async announceDue(options: AnnounceOptions = {}): Promise<{ episodes: number; notifications: number }> {
      let episodes = 0;
      let notifications = 0;
      for (let batch = 0; batch < MAX_BATCHES; batch++) {
        const result = await db.transaction(async (tx) => {
          const ids = await inTx(tx).claimDue(ANNOUNCE_BATCH);
          if (!ids.length) return null;
          const announced = await announceIn(tx, ids);
          await options.beforeCommit?.(ids);
          return announced;
        });
        if (!result) break;
        episodes += result.episodes.length;
        notifications += result.inserted.length;
        for (const seriesId of new Set(result.episodes.map((e) => e.seriesId)))
          deps.changes?.changed('series', seriesId);
        await safeDeliver(result.inserted);
        if (result.episodes.length < ANNOUNCE_BATCH) break;
      }
      if (episodes) log.info({ episodes, notifications }, 'new episodes announced');
      return { episodes, notifications };
    },

    /**
     * A subtitle track was stored (modules/ingest, on the upload's
     * transaction `tx`; a re-upload too). An English track of an episode
     * that is out tells the followers who asked for it, once each: the
     * UNIQUE (user, episode, kind) guard makes a re-upload, a second
     * instance or a publish racing this insert nothing more. An episode not
     * out yet is told when it comes out (announceIn). Returns what to do
     * after the commit (Web Push), or null when the track is no news.
     */
    async subtitlesStoredIn(
      tx: Queryable,
      videoType: 'movie' | 'episode',
      videoId: number,
      language: string,
    ): Promise<{ notified: number; afterCommit(): Promise<void> } | null> {
      if (videoType !== 'episode' || language !== ENGLISH_SUBTITLE_LANGUAGE) return null;
      const txRepo = inTx(tx);
      const episode = await txRepo.releasedEpisode(videoId);
      if (!episode) return null;
      const inserted = await txRepo.insertForFollowers([englishSubtitlesContentOf(episode)]);
      if (inserted.length)
        log.info({ episode: videoId, notifications: inserted.length }, 'English subtitles announced');
      return { notified: inserted.length, afterCommit: () => safeDeliver(inserted) };
    },

    /**
     * `npm run admin -- publish-episode SERIES_ID` and the console's "Publish
     * now": the series' next scheduled episode now, or a new one when none
     * is scheduled (or the episode `options.episode` names), announced in
     * the same transaction (the announcing steps of announceDue) and
     * recorded there (`options.record`). Null: no such series, or no such
     * episode of it.
     */
    async publishEpisode(seriesId: number, options: PublishOptions = {}): Promise<PublishResult | null> {
      const result = await db.transaction(async (tx) => {
        const publishing = deps.publishingIn(tx);
        const series = await publishing.lockSeries(seriesId);
        if (!series) return null;
        let episodeId: number | null;
        let created = false;
        let wasOut = false;
        if (typeof options.episode === 'number') {
          const published = await publishing.publishEpisodeNow(seriesId, options.episode);
          if (!published) return null;
          episodeId = published.id;
          wasOut = published.wasOut;
        } else if (options.episode) {
          episodeId = await options.episode(tx);
        } else {
          episodeId = await publishing.publishNextScheduled(seriesId);
          if (episodeId === null) {
            episodeId = await publishing.createNextEpisode(seriesId);
            created = true;
            await deps.copySeriesMedia(tx, episodeId);
          }
        }
        const { inserted } = await announceIn(tx, [episodeId]);
        const done: PublishResult = { episodeId, created, wasOut, notified: inserted.length };
        await options.record?.(tx, done);
        return { done, inserted };
      });
      if (!result) return null;
      deps.changes?.changed('series', seriesId);
      await safeDeliver(result.inserted);
      return result.done;
    },
  };
}

function messageOf(n: InsertedNotificationRow): PushMessage {
  return {
    title: n.title,
    body: n.content,
    url: `/watchEpisodes/${n.episodeId}`,
    // The episode's two notifications are two messages, not one replacing the other.
    tag: n.kind === 'episode' ? `episode-${n.episodeId}` : `${n.kind}-${n.episodeId}`,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

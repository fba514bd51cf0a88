import {
  ADMIN_TITLES_PAGE,
  CATALOGUE_TEXTS,
  type AdminEpisode,
  type AdminMovie,
  type AdminPerson,
  type AdminPromotion,
  type AdminSeason,
  type AdminSeries,
  type AdminTitleRow,
  type CatalogueImageKind,
  type EpisodeForm,
  type MovieForm,
  type PersonForm,
  type PromotionForm,
  type PublishEpisodeBody,
  type SeasonForm,
  type SeriesForm,
} from '@bosphorus/contract';
import type { Db, Queryable } from '../../db/client.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { HttpFailure } from '../../plugins/errors.js';
import type { Actor, AuditRepository } from '../admin/audit.repository.js';
import type { PublishOptions, PublishResult } from '../notifications/notifications.service.js';
import {
  createCatalogueAdminRepository,
  type AdminKind,
  type EpisodeRecord,
  type PromotionRecord,
  type TitleRecord,
  type TitleValues,
} from './catalogue-admin.repository.js';
import type { CatalogueImages } from './catalogue-images.js';

// The console's Catalogue section (issue 17, decision 0088): movies, series,
// seasons, episodes, people and the promotion banner. Every write is one
// transaction with its audit entry (before and after values); the change
// feed's triggers announce it to every instance on commit, and this
// instance is told at once (`changed`). An episode is published through the
// notifications module's publishing transaction — the path of the
// scheduler and `npm run admin -- publish-episode` — so its followers are
// notified exactly once.

type VideoType = 'movie' | 'episode';

export interface CatalogueAdminDeps {
  db: Db;
  audit: Pick<AuditRepository, 'recordBy'>;
  /** The publishing transaction (modules/notifications). */
  publish(seriesId: number, options: PublishOptions): Promise<PublishResult | null>;
  images: CatalogueImages;
  /** What media ingest knows of a video (modules/ingest): it plays; its transcode's poster frame. */
  media: {
    playable(type: VideoType, id: number): Promise<boolean>;
    frame(type: VideoType, id: number): Promise<Buffer | null>;
  };
  changes?: Pick<ChangeFeed, 'changed'>;
}

/** The audit entry of a published episode, on the publishing transaction (console and CLI). */
export function episodePublishRecorder(audit: Pick<AuditRepository, 'recordBy'>, actor: Actor, seriesId: number) {
  return (tx: Queryable, result: PublishResult) =>
    audit.recordBy(
      actor,
      {
        action: 'episode.publish',
        targetType: 'episode',
        targetId: result.episodeId,
        after: {
          series_id: seriesId,
          created: result.created,
          was_out: result.wasOut,
          notified: result.notified,
        },
      },
      tx,
    );
}

const notFound = (text: string) => new HttpFailure(404, { error: text });
const bad = (field: string, problem: string) => new HttpFailure(400, { error: `${field}: ${problem}`, field });
const conflict = (text: string, field?: string) => new HttpFailure(409, { error: text, ...(field && { field }) });

/** What the audit log keeps of a title (its own fields, not the viewers' reviews). */
function titleValuesOf(t: TitleRecord) {
  return {
    title: t.title,
    original_title: t.originalTitle,
    alt_titles: t.altTitles,
    description: t.description,
    year: t.year,
    image: t.image,
    cover: t.cover,
    trailer: t.trailer,
    published: t.published,
    featured_rank: t.featuredRank,
    popularity: t.popularity,
    genres: t.genres.map((g) => g.id),
    cast: t.cast.map((p) => p.id),
    ...(t.status !== undefined && { status: t.status }),
    ...(t.durationMinutes !== undefined && { duration_minutes: t.durationMinutes }),
  };
}

function episodeValuesOf(e: EpisodeRecord) {
  return {
    season_id: e.seasonId,
    episode_number: e.episodeNumber,
    title: e.title,
    image: e.image,
    duration_minutes: e.durationMinutes,
    season_finale: e.seasonFinale,
    publish_at: e.publishAt,
  };
}

const toPromotion = (p: PromotionRecord): AdminPromotion => ({
  id: p.id,
  text: p.text,
  color: p.color,
  starts_at: p.startsAt,
  ends_at: p.endsAt,
  active: p.active,
});

export function createCatalogueAdminService(deps: CatalogueAdminDeps) {
  const { db, audit, images, media } = deps;
  const repo = createCatalogueAdminRepository(db);
  const inTx = (tx: Queryable) => createCatalogueAdminRepository(tx);
  const feedKind = (kind: AdminKind) => (kind === 'movies' ? 'movie' : 'series') as 'movie' | 'series';
  const told = (kind: 'movie' | 'series' | 'catalogue', id: number) => deps.changes?.changed(kind, id);

  async function episodeAnswer(e: EpisodeRecord): Promise<AdminEpisode> {
    const [playable, frame] = await Promise.all([media.playable('episode', e.id), media.frame('episode', e.id)]);
    return {
      id: e.id,
      season_id: e.seasonId,
      series_id: e.seriesId,
      episode_number: e.episodeNumber,
      title: e.title,
      image: e.image,
      duration_minutes: e.durationMinutes,
      season_finale: e.seasonFinale,
      air_date: e.airDate,
      publish_at: e.publishAt,
      out: e.out,
      playable,
      has_frame: frame !== null,
    };
  }

  function titleAnswer(t: TitleRecord, playable: boolean, hasFrame: boolean) {
    return {
      id: t.id,
      title: t.title,
      original_title: t.originalTitle,
      alt_titles: t.altTitles,
      description: t.description,
      year: t.year,
      image: t.image,
      cover: t.cover,
      trailer: t.trailer,
      published: t.published,
      featured_rank: t.featuredRank,
      popularity: t.popularity,
      genres: t.genres,
      cast: t.cast,
      avg_rating: t.avgRating,
      reviews: t.reviews,
      playable,
      has_frame: hasFrame,
    };
  }

  async function movie(id: number): Promise<AdminMovie> {
    const t = await repo.title('movies', id);
    if (!t) throw notFound(CATALOGUE_TEXTS.titleNotFound);
    const [playable, frame] = await Promise.all([media.playable('movie', id), media.frame('movie', id)]);
    return { ...titleAnswer(t, playable, frame !== null), kind: 'movie', duration_minutes: t.durationMinutes ?? 0 };
  }

  async function series(id: number): Promise<AdminSeries> {
    const t = await repo.title('series', id);
    if (!t) throw notFound(CATALOGUE_TEXTS.titleNotFound);
    const [seasons, episodes] = await Promise.all([repo.seasons(id), repo.episodesOfSeries(id)]);
    const answers = await Promise.all(episodes.map(episodeAnswer));
    const bySeason = (seasonId: number) => answers.filter((e) => e.season_id === seasonId);
    return {
      ...titleAnswer(t, false, false),
      kind: 'series',
      status: t.status ?? 'ongoing',
      seasons: seasons.map((s): AdminSeason => ({
        id: s.id,
        series_id: s.seriesId,
        season_number: s.seasonNumber,
        title: s.title,
        episodes: bySeason(s.id),
      })),
    };
  }

  /** An image field: unchanged, empty, an https address, or an uploaded file that exists. */
  async function checkImage(field: string, value: string, before: string | null) {
    if (value === '' || value === before || value.startsWith('https://')) return;
    if (!(await images.exists(value))) throw bad(field, CATALOGUE_TEXTS.imageMissing);
  }

  async function checkTitleForm(form: MovieForm | SeriesForm, before: TitleRecord | null) {
    const genres = await repo.knownGenres(form.genres);
    const unknownGenres = form.genres.filter((g) => !genres.includes(g));
    if (unknownGenres.length) throw bad('genres', CATALOGUE_TEXTS.unknownGenres(unknownGenres));
    const people = await repo.knownPeople(form.cast);
    const unknownPeople = form.cast.filter((p) => !people.includes(p));
    if (unknownPeople.length) throw bad('cast', CATALOGUE_TEXTS.unknownPeople(unknownPeople));
    await checkImage('image', form.image, before?.image ?? null);
    await checkImage('cover', form.cover, before?.cover ?? null);
  }

  const valuesOf = (kind: AdminKind, form: MovieForm | SeriesForm): TitleValues => ({
    title: form.title,
    originalTitle: form.original_title,
    altTitles: form.alt_titles,
    description: form.description,
    year: form.year,
    image: form.image,
    cover: form.cover,
    trailer: form.trailer,
    published: form.published,
    featuredRank: form.featured_rank,
    popularity: form.popularity,
    ...(kind === 'series'
      ? { status: (form as SeriesForm).status }
      : { durationMinutes: (form as MovieForm).duration_minutes }),
  });

  async function saveTitle(actor: Actor, kind: AdminKind, id: number | null, form: MovieForm | SeriesForm) {
    const before = id === null ? null : await repo.title(kind, id);
    if (id !== null && !before) throw notFound(CATALOGUE_TEXTS.titleNotFound);
    await checkTitleForm(form, before);
    const savedId = await db.transaction(async (tx) => {
      const r = inTx(tx);
      let titleId = id;
      if (titleId === null) titleId = await r.insertTitle(kind, valuesOf(kind, form));
      else {
        if (!(await r.lockTitle(kind, titleId))) throw notFound(CATALOGUE_TEXTS.titleNotFound);
        await r.updateTitle(kind, titleId, valuesOf(kind, form));
      }
      await r.setLinks(kind, titleId, form.genres, form.cast);
      await r.reindex(kind, [titleId]);
      const after = (await r.title(kind, titleId))!;
      const type = kind === 'movies' ? 'movie' : 'series';
      await audit.recordBy(
        actor,
        {
          action: `${type}.${id === null ? 'create' : 'edit'}`,
          targetType: type,
          targetId: titleId,
          before: before ? titleValuesOf(before) : null,
          after: titleValuesOf(after),
        },
        tx,
      );
      return titleId;
    });
    told(feedKind(kind), savedId);
    return savedId;
  }

  async function removeTitle(actor: Actor, kind: AdminKind, id: number) {
    const before = await repo.title(kind, id);
    if (!before) throw notFound(CATALOGUE_TEXTS.titleNotFound);
    if (kind === 'series') {
      const seasons = await repo.countSeasons(id);
      if (seasons) throw conflict(CATALOGUE_TEXTS.seriesHasSeasons(before.title, seasons));
    } else {
      const job = await repo.activeJob({ movie: id });
      if (job !== null) throw conflict(CATALOGUE_TEXTS.transcodeRunning(job));
    }
    await db.transaction(async (tx) => {
      const r = inTx(tx);
      if (!(await r.lockTitle(kind, id))) throw notFound(CATALOGUE_TEXTS.titleNotFound);
      if (kind === 'series' && (await r.countSeasons(id)))
        throw conflict(CATALOGUE_TEXTS.seriesHasSeasons(before.title, await r.countSeasons(id)));
      await r.deleteTitle(kind, id);
      await r.refreshRanks(kind);
      const type = kind === 'movies' ? 'movie' : 'series';
      await audit.recordBy(
        actor,
        { action: `${type}.delete`, targetType: type, targetId: id, before: titleValuesOf(before) },
        tx,
      );
    });
    told(feedKind(kind), id);
    return { message: CATALOGUE_TEXTS.removed(`'${before.title}'`) };
  }

  async function seasonOrThrow(id: number) {
    const season = await repo.season(id);
    if (!season) throw notFound(CATALOGUE_TEXTS.seasonNotFound);
    return season;
  }

  async function episodeOrThrow(id: number) {
    const episode = await repo.episode(id);
    if (!episode) throw notFound(CATALOGUE_TEXTS.episodeNotFound);
    return episode;
  }

  const episodeValues = (form: EpisodeForm) => ({
    episodeNumber: form.episode_number,
    title: form.title,
    image: form.image,
    durationMinutes: form.duration_minutes,
    seasonFinale: form.season_finale,
  });

  async function publishAnswer(episodeId: number, result: PublishResult): Promise<PublishEpisodeBody> {
    const episode = await episodeAnswer((await repo.episode(episodeId))!);
    return {
      message: result.wasOut
        ? CATALOGUE_TEXTS.alreadyOut(episode.title)
        : CATALOGUE_TEXTS.published1(episode.title, result.notified),
      episode,
      notified: result.notified,
    };
  }

  return {
    async findTitles(q: string): Promise<AdminTitleRow[]> {
      const rows = await repo.findTitles(q.trim(), ADMIN_TITLES_PAGE);
      return rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        title: r.title,
        original_title: r.originalTitle,
        year: r.year,
        image: r.image,
        published: r.published,
        featured_rank: r.featuredRank,
        updated_at: r.updatedAt,
      }));
    },

    genres: () => repo.genres(),
    movie,
    series,

    async saveMovie(actor: Actor, id: number | null, form: MovieForm) {
      return movie(await saveTitle(actor, 'movies', id, form));
    },
    async saveSeries(actor: Actor, id: number | null, form: SeriesForm) {
      return series(await saveTitle(actor, 'series', id, form));
    },
    removeMovie: (actor: Actor, id: number) => removeTitle(actor, 'movies', id),
    removeSeries: (actor: Actor, id: number) => removeTitle(actor, 'series', id),

    // ───────────── Seasons ─────────────
    async saveSeason(actor: Actor, target: { seriesId: number } | { id: number }, form: SeasonForm) {
      const before = 'id' in target ? await seasonOrThrow(target.id) : null;
      const seriesId = 'id' in target ? before!.seriesId : target.seriesId;
      if (!before && !(await repo.title('series', seriesId))) throw notFound(CATALOGUE_TEXTS.titleNotFound);
      const id = await db.transaction(async (tx) => {
        const r = inTx(tx);
        if (!(await r.lockTitle('series', seriesId))) throw notFound(CATALOGUE_TEXTS.titleNotFound);
        if (await r.seasonNumberTaken(seriesId, form.season_number, before?.id ?? null))
          throw conflict(CATALOGUE_TEXTS.seasonNumberTaken(form.season_number), 'season_number');
        let seasonId = before?.id ?? null;
        if (seasonId === null) seasonId = await r.insertSeason(seriesId, form.season_number, form.title);
        else await r.updateSeason(seasonId, form.season_number, form.title);
        await audit.recordBy(
          actor,
          {
            action: before ? 'season.edit' : 'season.create',
            targetType: 'season',
            targetId: seasonId,
            before: before ? { series_id: seriesId, season_number: before.seasonNumber, title: before.title } : null,
            after: { series_id: seriesId, season_number: form.season_number, title: form.title },
          },
          tx,
        );
        return seasonId;
      });
      told('series', seriesId);
      const season = (await repo.season(id))!;
      return { id: season.id, series_id: season.seriesId, season_number: season.seasonNumber, title: season.title };
    },

    async removeSeason(actor: Actor, id: number) {
      const season = await seasonOrThrow(id);
      await db.transaction(async (tx) => {
        const r = inTx(tx);
        if (!(await r.lockTitle('series', season.seriesId))) throw notFound(CATALOGUE_TEXTS.titleNotFound);
        const episodes = await r.countEpisodes(id);
        if (episodes) throw conflict(CATALOGUE_TEXTS.seasonHasEpisodes(season.title, episodes));
        await r.deleteSeason(id);
        await audit.recordBy(
          actor,
          {
            action: 'season.delete',
            targetType: 'season',
            targetId: id,
            before: { series_id: season.seriesId, season_number: season.seasonNumber, title: season.title },
          },
          tx,
        );
      });
      told('series', season.seriesId);
      return { message: CATALOGUE_TEXTS.removed(season.title) };
    },

    // ───────────── Episodes ─────────────
    episode: async (id: number) => episodeAnswer(await episodeOrThrow(id)),

    /**
     * A new episode of the season: scheduled (`publish_at`, in the future:
     * the publishing scheduler announces it then) or out now, made and
     * announced on the publishing transaction.
     */
    async createEpisode(actor: Actor, seasonId: number, form: EpisodeForm): Promise<PublishEpisodeBody> {
      const season = await seasonOrThrow(seasonId);
      if (!form.publish_now) {
        if (!form.publish_at) throw bad('publish_at', CATALOGUE_TEXTS.publishTimeRequired);
        if (form.publish_at.getTime() <= Date.now()) throw bad('publish_at', CATALOGUE_TEXTS.publishTimeFuture);
      }
      await checkImage('image', form.image, null);
      const values = episodeValues(form);
      const record = async (tx: Queryable, id: number) => {
        const after = (await inTx(tx).episode(id))!;
        await audit.recordBy(
          actor,
          { action: 'episode.create', targetType: 'episode', targetId: id, after: episodeValuesOf(after) },
          tx,
        );
      };
      const make = async (tx: Queryable, publishAt: Date | null) => {
        const r = inTx(tx);
        if (await r.episodeNumberTaken(seasonId, form.episode_number, null))
          throw conflict(CATALOGUE_TEXTS.episodeNumberTaken(form.episode_number), 'episode_number');
        const id = await r.insertEpisode(season, values, publishAt);
        await record(tx, id);
        return id;
      };
      if (form.publish_now) {
        let created = 0;
        const result = await deps.publish(season.seriesId, {
          episode: async (tx) => (created = await make(tx, null)),
          record: episodePublishRecorder(audit, actor, season.seriesId),
        });
        if (!result) throw notFound(CATALOGUE_TEXTS.titleNotFound);
        return publishAnswer(created, result);
      }
      const id = await db.transaction(async (tx) => {
        if (!(await inTx(tx).lockTitle('series', season.seriesId))) throw notFound(CATALOGUE_TEXTS.titleNotFound);
        return make(tx, form.publish_at);
      });
      told('series', season.seriesId);
      const episode = await episodeAnswer((await repo.episode(id))!);
      return { message: CATALOGUE_TEXTS.saved(episode.title), episode, notified: 0 };
    },

    /** The episode's fields; a new `publish_at` (in the future) schedules it again; `publish_now` publishes it. */
    async updateEpisode(actor: Actor, id: number, form: EpisodeForm): Promise<PublishEpisodeBody> {
      const before = await episodeOrThrow(id);
      if (form.publish_at && !form.publish_now && form.publish_at.getTime() <= Date.now())
        throw bad('publish_at', CATALOGUE_TEXTS.publishTimeFuture);
      await checkImage('image', form.image, before.image);
      await db.transaction(async (tx) => {
        const r = inTx(tx);
        if (!(await r.lockTitle('series', before.seriesId))) throw notFound(CATALOGUE_TEXTS.titleNotFound);
        if (await r.episodeNumberTaken(before.seasonId, form.episode_number, id))
          throw conflict(CATALOGUE_TEXTS.episodeNumberTaken(form.episode_number), 'episode_number');
        await r.updateEpisode(id, episodeValues(form), form.publish_now ? null : form.publish_at);
        const after = (await r.episode(id))!;
        await audit.recordBy(
          actor,
          {
            action: 'episode.edit',
            targetType: 'episode',
            targetId: id,
            before: episodeValuesOf(before),
            after: episodeValuesOf(after),
          },
          tx,
        );
      });
      told('series', before.seriesId);
      if (form.publish_now) return this.publishEpisode(actor, id);
      const episode = await episodeAnswer((await repo.episode(id))!);
      return { message: CATALOGUE_TEXTS.saved(episode.title), episode, notified: 0 };
    },

    /** "Publish now": out at once and announced to the series' followers, exactly once. */
    async publishEpisode(actor: Actor, id: number): Promise<PublishEpisodeBody> {
      const episode = await episodeOrThrow(id);
      const result = await deps.publish(episode.seriesId, {
        episode: id,
        record: episodePublishRecorder(audit, actor, episode.seriesId),
      });
      if (!result) throw notFound(CATALOGUE_TEXTS.episodeNotFound);
      return publishAnswer(id, result);
    },

    async removeEpisode(actor: Actor, id: number) {
      const before = await episodeOrThrow(id);
      const job = await repo.activeJob({ episode: id });
      if (job !== null) throw conflict(CATALOGUE_TEXTS.transcodeRunning(job));
      await db.transaction(async (tx) => {
        const r = inTx(tx);
        if (!(await r.lockTitle('series', before.seriesId))) throw notFound(CATALOGUE_TEXTS.titleNotFound);
        await r.deleteEpisode(id);
        await audit.recordBy(
          actor,
          { action: 'episode.delete', targetType: 'episode', targetId: id, before: episodeValuesOf(before) },
          tx,
        );
      });
      told('series', before.seriesId);
      return { message: CATALOGUE_TEXTS.removed(`'${before.title}'`) };
    },

    // ───────────── Images ─────────────
    async uploadImage(kind: CatalogueImageKind, bytes: Buffer) {
      const stored = await images.store(kind, bytes);
      if (!stored) throw bad('file', CATALOGUE_TEXTS.imageType);
      return stored;
    },

    /**
     * The transcode's poster frame as the title's picture (decision 0090): a
     * movie's cover, an episode's still, through the same image pipeline.
     */
    async useFrame(actor: Actor, type: VideoType, id: number) {
      const target = type === 'movie' ? await repo.title('movies', id) : await repo.episode(id);
      if (!target) throw notFound(type === 'movie' ? CATALOGUE_TEXTS.titleNotFound : CATALOGUE_TEXTS.episodeNotFound);
      const frame = await media.frame(type, id);
      if (!frame) throw conflict(CATALOGUE_TEXTS.noFrame);
      const stored = await images.store(type === 'movie' ? 'cover' : 'still', frame);
      if (!stored) throw conflict(CATALOGUE_TEXTS.noFrame);
      const column = type === 'movie' ? 'cover' : 'image';
      const before = type === 'movie' ? (target as TitleRecord).cover : (target as EpisodeRecord).image;
      await db.transaction(async (tx) => {
        const r = inTx(tx);
        if (type === 'movie') await r.setTitleImage('movies', id, 'cover', stored.file);
        else await r.setEpisodeImage(id, stored.file);
        await audit.recordBy(
          actor,
          {
            action: `${type}.frame`,
            targetType: type,
            targetId: id,
            before: { [column]: before },
            after: { [column]: stored.file },
          },
          tx,
        );
      });
      told(type === 'movie' ? 'movie' : 'series', type === 'movie' ? id : (target as EpisodeRecord).seriesId);
      return { file: stored.file, files: stored.files };
    },

    // ───────────── People ─────────────
    people: (q: string): Promise<AdminPerson[]> => repo.people(q.trim(), ADMIN_TITLES_PAGE),

    async savePerson(actor: Actor, id: number | null, form: PersonForm): Promise<AdminPerson> {
      const before = id === null ? null : await repo.person(id);
      if (id !== null && !before) throw notFound(CATALOGUE_TEXTS.personNotFound);
      await checkImage('image', form.image, before?.image ?? null);
      const savedId = await db.transaction(async (tx) => {
        const r = inTx(tx);
        let personId = id;
        if (personId === null) personId = await r.insertPerson(form.name, form.image);
        else {
          await r.updatePerson(personId, form.name, form.image);
          // Cast names are in the titles' search text.
          if (before!.name !== form.name) {
            const titles = await r.titlesWithPerson(personId);
            await r.reindex('series', titles.series);
            await r.reindex('movies', titles.movies);
          }
        }
        await audit.recordBy(
          actor,
          {
            action: id === null ? 'person.create' : 'person.edit',
            targetType: 'person',
            targetId: personId,
            before: before ? { name: before.name, image: before.image } : null,
            after: { name: form.name, image: form.image },
          },
          tx,
        );
        return personId;
      });
      told('catalogue', 0);
      return (await repo.person(savedId))!;
    },

    async removePerson(actor: Actor, id: number) {
      const before = await repo.person(id);
      if (!before) throw notFound(CATALOGUE_TEXTS.personNotFound);
      const titles = await repo.titlesWithPerson(id);
      const n = titles.series.length + titles.movies.length;
      if (n) throw conflict(CATALOGUE_TEXTS.personInCast(before.name, n));
      await db.transaction(async (tx) => {
        await inTx(tx).deletePerson(id);
        await audit.recordBy(
          actor,
          {
            action: 'person.delete',
            targetType: 'person',
            targetId: id,
            before: { name: before.name, image: before.image },
          },
          tx,
        );
      });
      told('catalogue', 0);
      return { message: CATALOGUE_TEXTS.removed(before.name) };
    },

    // ───────────── Promotion banner ─────────────
    promotions: async () => (await repo.promotions()).map(toPromotion),

    async savePromotion(actor: Actor, id: number | null, form: PromotionForm): Promise<AdminPromotion> {
      const before = id === null ? null : await repo.promotion(id);
      if (id !== null && !before) throw notFound(CATALOGUE_TEXTS.promotionNotFound);
      const savedId = await db.transaction(async (tx) => {
        const r = inTx(tx);
        const promotionId = await r.savePromotion(id, {
          text: form.text,
          color: form.color,
          startsAt: form.starts_at,
          endsAt: form.ends_at,
          active: form.active,
        });
        const after = (await r.promotion(promotionId))!;
        await audit.recordBy(
          actor,
          {
            action: id === null ? 'promotion.create' : 'promotion.edit',
            targetType: 'promotion',
            targetId: promotionId,
            before: before ? toPromotion(before) : null,
            after: toPromotion(after),
          },
          tx,
        );
        return promotionId;
      });
      told('catalogue', 0);
      return toPromotion((await repo.promotion(savedId))!);
    },

    async removePromotion(actor: Actor, id: number) {
      const before = await repo.promotion(id);
      if (!before) throw notFound(CATALOGUE_TEXTS.promotionNotFound);
      await db.transaction(async (tx) => {
        await inTx(tx).deletePromotion(id);
        await audit.recordBy(
          actor,
          { action: 'promotion.delete', targetType: 'promotion', targetId: id, before: toPromotion(before) },
          tx,
        );
      });
      told('catalogue', 0);
      return { message: CATALOGUE_TEXTS.removed(`'${before.text}'`) };
    },
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;

import { foldTurkish, turkishSortKey } from '@bosphorus/contract';
import type { Queryable } from '../../db/client.js';
import { buildSearchText, refreshRanks } from '../../db/seed/catalogue-index.js';

// The console's catalogue writes (issue 17, decision 0088): titles, their
// genres and cast, seasons, episodes, people and the promotion banner. The
// change feed's triggers (migration 0012) announce every statement here, so
// every instance drops its copies on commit. Episode publishing itself stays
// in publishing.repository.ts (the notifications module's transaction).

export type AdminKind = 'movies' | 'series';

const CAST = { series: ['series_cast', 'series_id'], movies: ['movie_cast', 'movie_id'] } as const;
const GENRES = { series: ['series_genres', 'series_id'], movies: ['movie_genres', 'movie_id'] } as const;

export interface TitleRecord {
  id: number;
  title: string;
  originalTitle: string;
  altTitles: string[];
  description: string;
  year: number;
  image: string;
  cover: string;
  trailer: string | null;
  published: boolean;
  featuredRank: number | null;
  popularity: number;
  genres: { id: number; title: string }[];
  cast: { id: number; name: string; image: string }[];
  avgRating: number | null;
  reviews: number;
  updatedAt: string;
  /** series */
  status?: 'ongoing' | 'ended';
  /** movies */
  durationMinutes?: number;
}

export interface TitleValues {
  title: string;
  originalTitle: string;
  altTitles: string[];
  description: string;
  year: number;
  image: string;
  cover: string;
  trailer: string | null;
  published: boolean;
  featuredRank: number | null;
  popularity: number;
  status?: 'ongoing' | 'ended';
  durationMinutes?: number;
}

export interface SeasonRecord {
  id: number;
  seriesId: number;
  seasonNumber: number;
  title: string;
}

export interface EpisodeRecord {
  id: number;
  seasonId: number;
  seriesId: number;
  episodeNumber: number;
  title: string;
  image: string;
  durationMinutes: number;
  seasonFinale: boolean;
  airDate: string;
  publishAt: string;
  out: boolean;
}

export interface EpisodeValues {
  episodeNumber: number;
  title: string;
  image: string;
  durationMinutes: number;
  seasonFinale: boolean;
}

export interface PromotionRecord {
  id: number;
  text: string;
  color: 'red' | 'blue';
  startsAt: string;
  endsAt: string | null;
  active: boolean;
}

const iso = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

function titleColumns(kind: AdminKind) {
  const [castTable, fk] = CAST[kind];
  const [genreTable] = GENRES[kind];
  const extra = kind === 'series' ? ', t.status' : ', t.duration_minutes AS "durationMinutes"';
  return `t.id, t.title, t.original_title AS "originalTitle", t.alt_titles AS "altTitles", t.description, t.year,
    t.image, t.cover, t.trailer, t.published, t.featured_rank AS "featuredRank", t.popularity,
    to_char(t.updated_at AT TIME ZONE 'UTC', ${iso}) AS "updatedAt",
    COALESCE((SELECT json_agg(json_build_object('id', g.id, 'title', g.title) ORDER BY g.id)
      FROM ${genreTable} tg JOIN genres g ON g.id = tg.genre_id WHERE tg.${fk} = t.id), '[]'::json) AS genres,
    COALESCE((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'image', p.image) ORDER BY c.position, p.id)
      FROM ${castTable} c JOIN people p ON p.id = c.person_id WHERE c.${fk} = t.id), '[]'::json) AS cast,
    (SELECT round(avg(r.rating))::int FROM reviews r WHERE r.${fk} = t.id AND r.published) AS "avgRating",
    (SELECT count(*)::int FROM reviews r WHERE r.${fk} = t.id AND r.published) AS reviews
    ${extra}`;
}

const episodeColumns = `e.id, e.season_id AS "seasonId", e.series_id AS "seriesId", e.episode_number AS "episodeNumber",
  e.title, e.image, e.duration_minutes AS "durationMinutes", e.season_finale AS "seasonFinale",
  to_char(e.air_date, 'YYYY-MM-DD') AS "airDate",
  to_char(e.published_at AT TIME ZONE 'UTC', ${iso}) AS "publishAt", e.published_at <= now() AS out`;

export function createCatalogueAdminRepository(db: Queryable) {
  async function refreshRanksAlone(kind: AdminKind) {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`bosphorus-ranks-${kind}`]);
    await refreshRanks(db, kind);
  }
  const num = <T extends { id: number }>(rows: T[]) => rows.map((r) => ({ ...r, id: Number(r.id) }));

  return {
    /** Movies and series whose titles contain `q` (folded; all when empty), drafts too, newest change first. */
    async findTitles(q: string, limit: number) {
      const folded = foldTurkish(q);
      const like = `%${folded.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
      const rows = await db.query<{
        kind: 'movie' | 'series';
        id: number;
        title: string;
        originalTitle: string;
        year: number;
        image: string;
        published: boolean;
        featuredRank: number | null;
        updatedAt: string;
      }>(
        `SELECT * FROM (
           SELECT 'series' AS kind, id, title, original_title AS "originalTitle", year, image, published,
             featured_rank AS "featuredRank", updated_at, to_char(updated_at AT TIME ZONE 'UTC', ${iso}) AS "updatedAt"
           FROM series WHERE $1 = '' OR search_text LIKE $2 OR title ILIKE $3 OR original_title ILIKE $3
           UNION ALL
           SELECT 'movie', id, title, original_title, year, image, published, featured_rank, updated_at,
             to_char(updated_at AT TIME ZONE 'UTC', ${iso})
           FROM movies WHERE $1 = '' OR search_text LIKE $2 OR title ILIKE $3 OR original_title ILIKE $3
         ) AS t ORDER BY updated_at DESC, id DESC LIMIT $4`,
        [folded, like, `%${q.replace(/[\\%_]/g, (c) => '\\' + c)}%`, limit],
      );
      return num(rows);
    },

    async title(kind: AdminKind, id: number): Promise<TitleRecord | null> {
      const [row] = await db.query<TitleRecord>(`SELECT ${titleColumns(kind)} FROM ${kind} t WHERE t.id = $1`, [id]);
      return row ? { ...row, id: Number(row.id) } : null;
    },

    /** The row locked for the rest of the transaction; false when there is none. */
    async lockTitle(kind: AdminKind, id: number): Promise<boolean> {
      return (await db.query(`SELECT 1 FROM ${kind} WHERE id = $1 FOR UPDATE`, [id])).length > 0;
    },

    async insertTitle(kind: AdminKind, v: TitleValues): Promise<number> {
      const [extraCol, extraVal] = kind === 'series' ? ['status', v.status] : ['duration_minutes', v.durationMinutes];
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO ${kind} (title, original_title, alt_titles, description, year, image, cover, trailer, published,
           featured_rank, popularity, ${extraCol})
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [
          v.title,
          v.originalTitle,
          v.altTitles,
          v.description,
          v.year,
          v.image,
          v.cover,
          v.trailer,
          v.published,
          v.featuredRank,
          v.popularity,
          extraVal,
        ],
      );
      return Number(row!.id);
    },

    async updateTitle(kind: AdminKind, id: number, v: TitleValues): Promise<void> {
      const [extraCol, extraVal] = kind === 'series' ? ['status', v.status] : ['duration_minutes', v.durationMinutes];
      await db.query(
        `UPDATE ${kind} SET title = $2, original_title = $3, alt_titles = $4, description = $5, year = $6, image = $7,
           cover = $8, trailer = $9, published = $10, featured_rank = $11, popularity = $12, ${extraCol} = $13,
           updated_at = now()
         WHERE id = $1`,
        [
          id,
          v.title,
          v.originalTitle,
          v.altTitles,
          v.description,
          v.year,
          v.image,
          v.cover,
          v.trailer,
          v.published,
          v.featuredRank,
          v.popularity,
          extraVal,
        ],
      );
    },

    async setTitleImage(kind: AdminKind, id: number, column: 'image' | 'cover', file: string) {
      await db.query(`UPDATE ${kind} SET ${column} = $2, updated_at = now() WHERE id = $1`, [id, file]);
    },

    /** The title's genres and cast replaced (cast in the given order). */
    async setLinks(kind: AdminKind, id: number, genres: number[], cast: number[]) {
      const [genreTable, gfk] = GENRES[kind];
      const [castTable, cfk] = CAST[kind];
      await db.query(`DELETE FROM ${genreTable} WHERE ${gfk} = $1 AND NOT (genre_id = ANY($2::smallint[]))`, [
        id,
        genres,
      ]);
      if (genres.length)
        await db.query(
          `INSERT INTO ${genreTable} (${gfk}, genre_id) SELECT $1, g FROM unnest($2::smallint[]) AS g
           ON CONFLICT DO NOTHING`,
          [id, genres],
        );
      await db.query(`DELETE FROM ${castTable} WHERE ${cfk} = $1 AND NOT (person_id = ANY($2::bigint[]))`, [id, cast]);
      if (cast.length)
        await db.query(
          `INSERT INTO ${castTable} (${cfk}, person_id, position)
           SELECT $1, p, (o - 1)::smallint FROM unnest($2::bigint[]) WITH ORDINALITY AS u(p, o)
           ON CONFLICT (${cfk}, person_id) DO UPDATE SET position = EXCLUDED.position`,
          [id, cast],
        );
    },

    /**
     * The title's folded search text and sort key (titles, then cast names:
     * catalogue-index.ts's rule), and the list ranks of its kind, so lists,
     * search and A–Z show the change at once (decision 0088).
     */
    async reindex(kind: AdminKind, ids: number[]) {
      if (!ids.length) return;
      const [castTable, fk] = CAST[kind];
      const rows = await db.query<{
        id: number;
        title: string;
        original_title: string;
        alt_titles: string[];
        cast_names: string[];
      }>(
        `SELECT t.id, t.title, t.original_title, t.alt_titles,
           COALESCE(array_agg(p.name ORDER BY c.position) FILTER (WHERE p.id IS NOT NULL), '{}') AS cast_names
         FROM ${kind} t LEFT JOIN ${castTable} c ON c.${fk} = t.id LEFT JOIN people p ON p.id = c.person_id
         WHERE t.id = ANY($1::bigint[]) GROUP BY t.id`,
        [ids],
      );
      await db.query(
        `UPDATE ${kind} t SET search_text = u.search_text, sort_key = u.sort_key
         FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(id, search_text, sort_key)
         WHERE t.id = u.id AND (t.search_text IS DISTINCT FROM u.search_text OR t.sort_key IS DISTINCT FROM u.sort_key)`,
        [
          rows.map((r) => r.id),
          rows.map((r) => buildSearchText([r.title, r.original_title, ...r.alt_titles], r.cast_names)),
          rows.map((r) => turkishSortKey(r.title)),
        ],
      );
      await refreshRanksAlone(kind);
    },

    /**
     * The list ranks of a kind (catalogue-index.ts), one writer of a kind at
     * a time: two operators' refreshes would update the same rows in
     * different orders and deadlock; the second waits for the first's commit.
     */
    refreshRanks: (kind: AdminKind) => refreshRanksAlone(kind),

    async deleteTitle(kind: AdminKind, id: number) {
      await db.query(`DELETE FROM ${kind} WHERE id = $1`, [id]);
    },

    /** Ids of the genres that exist among `ids`. */
    async knownGenres(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db.query<{ id: number }>('SELECT id FROM genres WHERE id = ANY($1::int[])', [ids]);
      return rows.map((r) => Number(r.id));
    },

    async knownPeople(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db.query<{ id: number }>('SELECT id FROM people WHERE id = ANY($1::bigint[])', [ids]);
      return rows.map((r) => Number(r.id));
    },

    genres: () => db.query<{ id: number; title: string }>('SELECT id, title FROM genres ORDER BY title'),

    // ───────────── Seasons and episodes ─────────────
    async seasons(seriesId: number): Promise<SeasonRecord[]> {
      return num(
        await db.query<SeasonRecord>(
          `SELECT id, series_id AS "seriesId", season_number AS "seasonNumber", title FROM seasons
           WHERE series_id = $1 ORDER BY season_number`,
          [seriesId],
        ),
      ).map((s) => ({ ...s, seriesId: Number(s.seriesId) }));
    },

    async season(id: number): Promise<SeasonRecord | null> {
      const [row] = await db.query<SeasonRecord>(
        `SELECT id, series_id AS "seriesId", season_number AS "seasonNumber", title FROM seasons WHERE id = $1`,
        [id],
      );
      return row ? { ...row, id: Number(row.id), seriesId: Number(row.seriesId) } : null;
    },

    async seasonNumberTaken(seriesId: number, n: number, except: number | null): Promise<boolean> {
      const rows = await db.query(
        'SELECT 1 FROM seasons WHERE series_id = $1 AND season_number = $2 AND id IS DISTINCT FROM $3::bigint',
        [seriesId, n, except],
      );
      return rows.length > 0;
    },

    async insertSeason(seriesId: number, n: number, title: string): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        'INSERT INTO seasons (series_id, season_number, title) VALUES ($1, $2, $3) RETURNING id',
        [seriesId, n, title],
      );
      return Number(row!.id);
    },

    async updateSeason(id: number, n: number, title: string) {
      await db.query('UPDATE seasons SET season_number = $2, title = $3 WHERE id = $1', [id, n, title]);
    },

    async deleteSeason(id: number) {
      await db.query('DELETE FROM seasons WHERE id = $1', [id]);
    },

    async countSeasons(seriesId: number): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM seasons WHERE series_id = $1', [
        seriesId,
      ]);
      return row?.n ?? 0;
    },

    async countEpisodes(seasonId: number): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM episodes WHERE season_id = $1', [
        seasonId,
      ]);
      return row?.n ?? 0;
    },

    async episodesOfSeries(seriesId: number): Promise<EpisodeRecord[]> {
      return (
        await db.query<EpisodeRecord>(
          `SELECT ${episodeColumns} FROM episodes e WHERE e.series_id = $1 ORDER BY e.season_id, e.episode_number`,
          [seriesId],
        )
      ).map(episodeIds);
    },

    async episode(id: number): Promise<EpisodeRecord | null> {
      const [row] = await db.query<EpisodeRecord>(`SELECT ${episodeColumns} FROM episodes e WHERE e.id = $1`, [id]);
      return row ? episodeIds(row) : null;
    },

    async episodeNumberTaken(seasonId: number, n: number, except: number | null): Promise<boolean> {
      const rows = await db.query(
        'SELECT 1 FROM episodes WHERE season_id = $1 AND episode_number = $2 AND id IS DISTINCT FROM $3::bigint',
        [seasonId, n, except],
      );
      return rows.length > 0;
    },

    /**
     * A new episode. `publishAt` null: out now (published_at = the clock),
     * for the publishing transaction to announce; a time: scheduled, and the
     * publishing scheduler announces it when the time comes.
     */
    async insertEpisode(season: SeasonRecord, v: EpisodeValues, publishAt: Date | null): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO episodes (season_id, series_id, episode_number, title, image, duration_minutes, season_finale,
           air_date, published_at, announced_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8::timestamptz, clock_timestamp())::date,
           COALESCE($8::timestamptz, clock_timestamp()), NULL)
         RETURNING id`,
        [season.id, season.seriesId, v.episodeNumber, v.title, v.image, v.durationMinutes, v.seasonFinale, publishAt],
      );
      return Number(row!.id);
    },

    /** `publishAt`: a new (future) time, or null to keep it. */
    async updateEpisode(id: number, v: EpisodeValues, publishAt: Date | null) {
      await db.query(
        `UPDATE episodes SET episode_number = $2, title = $3, image = $4, duration_minutes = $5, season_finale = $6,
           published_at = COALESCE($7::timestamptz, published_at),
           air_date = CASE WHEN $7::timestamptz IS NULL THEN air_date ELSE $7::timestamptz::date END
         WHERE id = $1`,
        [id, v.episodeNumber, v.title, v.image, v.durationMinutes, v.seasonFinale, publishAt],
      );
    },

    async setEpisodeImage(id: number, file: string) {
      await db.query('UPDATE episodes SET image = $2 WHERE id = $1', [id, file]);
    },

    async deleteEpisode(id: number) {
      await db.query('DELETE FROM episodes WHERE id = $1', [id]);
    },

    /** The first waiting or running transcode of a movie, an episode, or any episode of a season or series. */
    async activeJob(target: { movie: number } | { episode: number } | { season: number }): Promise<number | null> {
      const [where, id] =
        'movie' in target
          ? ['j.movie_id = $1', target.movie]
          : 'episode' in target
            ? ['j.episode_id = $1', target.episode]
            : ['j.episode_id IN (SELECT id FROM episodes WHERE season_id = $1)', target.season];
      const [row] = await db.query<{ id: number }>(
        `SELECT j.id FROM media_jobs j WHERE ${where} AND j.state IN ('queued', 'running') ORDER BY j.id LIMIT 1`,
        [id],
      );
      return row ? Number(row.id) : null;
    },

    // ───────────── People ─────────────
    async people(q: string, limit: number) {
      return num(
        await db.query<{ id: number; name: string; image: string }>(
          `SELECT id, name, image FROM people WHERE $1 = '' OR name ILIKE $2 ORDER BY name, id LIMIT $3`,
          [q, `%${q.replace(/[\\%_]/g, (c) => '\\' + c)}%`, limit],
        ),
      );
    },

    async person(id: number) {
      const [row] = await db.query<{ id: number; name: string; image: string }>(
        'SELECT id, name, image FROM people WHERE id = $1',
        [id],
      );
      return row ? { ...row, id: Number(row.id) } : null;
    },

    async insertPerson(name: string, image: string): Promise<number> {
      const [row] = await db.query<{ id: number }>('INSERT INTO people (name, image) VALUES ($1, $2) RETURNING id', [
        name,
        image,
      ]);
      return Number(row!.id);
    },

    async updatePerson(id: number, name: string, image: string) {
      await db.query('UPDATE people SET name = $2, image = $3 WHERE id = $1', [id, name, image]);
    },

    async deletePerson(id: number) {
      await db.query('DELETE FROM people WHERE id = $1', [id]);
    },

    /** The titles whose cast has the person. */
    async titlesWithPerson(id: number): Promise<{ series: number[]; movies: number[] }> {
      const [row] = await db.query<{ series: number[]; movies: number[] }>(
        `SELECT COALESCE((SELECT array_agg(series_id) FROM series_cast WHERE person_id = $1), '{}') AS series,
                COALESCE((SELECT array_agg(movie_id) FROM movie_cast WHERE person_id = $1), '{}') AS movies`,
        [id],
      );
      return { series: (row?.series ?? []).map(Number), movies: (row?.movies ?? []).map(Number) };
    },

    // ───────────── Promotion banner ─────────────
    async promotions(): Promise<PromotionRecord[]> {
      return num(
        await db.query<PromotionRecord>(
          `SELECT id, text, color, to_char(starts_at AT TIME ZONE 'UTC', ${iso}) AS "startsAt",
             to_char(ends_at AT TIME ZONE 'UTC', ${iso}) AS "endsAt", active
           FROM promotions ORDER BY starts_at DESC, id DESC`,
        ),
      );
    },

    async promotion(id: number): Promise<PromotionRecord | null> {
      const [row] = await db.query<PromotionRecord>(
        `SELECT id, text, color, to_char(starts_at AT TIME ZONE 'UTC', ${iso}) AS "startsAt",
           to_char(ends_at AT TIME ZONE 'UTC', ${iso}) AS "endsAt", active
         FROM promotions WHERE id = $1`,
        [id],
      );
      return row ? { ...row, id: Number(row.id) } : null;
    },

    async savePromotion(
      id: number | null,
      p: { text: string; color: string; startsAt: Date | null; endsAt: Date | null; active: boolean },
    ): Promise<number> {
      if (id === null) {
        const [row] = await db.query<{ id: number }>(
          `INSERT INTO promotions (text, color, starts_at, ends_at, active)
           VALUES ($1, $2, COALESCE($3::timestamptz, now()), $4, $5) RETURNING id`,
          [p.text, p.color, p.startsAt, p.endsAt, p.active],
        );
        return Number(row!.id);
      }
      await db.query(
        `UPDATE promotions SET text = $2, color = $3, starts_at = COALESCE($4::timestamptz, starts_at), ends_at = $5,
           active = $6 WHERE id = $1`,
        [id, p.text, p.color, p.startsAt, p.endsAt, p.active],
      );
      return id;
    },

    async deletePromotion(id: number) {
      await db.query('DELETE FROM promotions WHERE id = $1', [id]);
    },
  };
}

function episodeIds(e: EpisodeRecord): EpisodeRecord {
  return { ...e, id: Number(e.id), seasonId: Number(e.seasonId), seriesId: Number(e.seriesId) };
}

export type CatalogueAdminRepository = ReturnType<typeof createCatalogueAdminRepository>;

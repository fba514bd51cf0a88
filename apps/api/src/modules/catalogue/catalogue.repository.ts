import type { SeriesStatus, SortOption, YearRange } from '@bosphorus/contract';
import type { Queryable } from '../../db/client.js';

// Only this file holds the catalogue's SQL. Rows are mapped to the types
// below at this edge; the service turns them into the wire contract.

export interface GenreRow {
  id: number;
  title: string;
}

interface TitleRowBase {
  id: number;
  title: string;
  originalTitle: string;
  year: number;
  image: string;
  cover: string;
  avgRating: number | null;
  genres: GenreRow[];
}

export interface SeriesRow extends TitleRowBase {
  status: SeriesStatus;
  seasonsCount: number;
}

export interface MovieRow extends TitleRowBase {
  durationMinutes: number;
}

export interface TitleDetailExtra {
  description: string;
  trailer: string | null;
}

export interface CastRow {
  id: number;
  name: string;
  image: string;
}

export interface EpisodeRow {
  id: number;
  seasonId: number;
  number: number;
  title: string;
  airDate: string;
  image: string;
  durationMinutes: number;
  seasonFinale: boolean;
}

export interface SeasonRow {
  id: number;
  number: number;
  title: string;
}

export interface ReviewRow {
  id: number;
  userId: number;
  userName: string;
  userAvatar: string | null;
  rating: number;
  content: string;
  createdAt: string;
  replies: { id: number; userId: number; userName: string; userAvatar: string | null; reply: string; createdAt: string }[];
}

export interface LatestEpisodeRow {
  id: number;
  image: string;
  number: number;
  airDate: string;
  seriesId: number;
  seriesTitle: string;
  seasonTitle: string;
  title: string;
}

export interface FeaturedRow {
  kind: 'movie' | 'series';
  id: number;
  rank: number;
}

export type TitleKind = 'series' | 'movies';

export interface ListFilter {
  genres: number[];
  years: YearRange[];
  status: SeriesStatus | null;
  sort: SortOption | null;
  /** Turkish-folded search text, '' for none. */
  search: string;
  limit: number;
  offset: number;
}

const TABLES = {
  series: { table: 'series', genreJoin: 'series_genres', fk: 'series_id', cast: 'series_cast' },
  movies: { table: 'movies', genreJoin: 'movie_genres', fk: 'movie_id', cast: 'movie_cast' },
} as const;

function cardColumns(kind: TitleKind): string {
  const t = TABLES[kind];
  const extra =
    kind === 'series'
      ? `, t.status, (SELECT count(*)::int FROM seasons se WHERE se.series_id = t.id) AS "seasonsCount"`
      : `, t.duration_minutes AS "durationMinutes"`;
  return `t.id, t.title, t.original_title AS "originalTitle", t.year, t.image, t.cover,
    (SELECT round(avg(r.rating))::int FROM reviews r WHERE r.${t.fk} = t.id AND r.published) AS "avgRating",
    COALESCE((SELECT json_agg(json_build_object('id', g.id, 'title', g.title) ORDER BY g.id)
      FROM ${t.genreJoin} tg JOIN genres g ON g.id = tg.genre_id WHERE tg.${t.fk} = t.id), '[]'::json) AS genres
    ${extra}`;
}

export function createCatalogueRepository(db: Queryable) {
  async function cardsByIds<T>(kind: TitleKind, ids: number[]): Promise<T[]> {
    if (!ids.length) return [];
    const rows = await db.query<T & { id: number }>(
      `SELECT ${cardColumns(kind)} FROM ${TABLES[kind].table} t WHERE t.id = ANY($1::bigint[])`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is T & { id: number } => r !== undefined);
  }

  /**
   * One page of a list and its total count. The unfiltered list walks the
   * precomputed dense ranks (az_rank, recent_rank) so page 2,000 costs what
   * page 1 costs; filtered lists use OFFSET over their (smaller) match set.
   */
  async function listPage(kind: TitleKind, f: ListFilter): Promise<{ ids: number[]; total: number }> {
    const { table, genreJoin, fk } = TABLES[kind];
    const unfiltered = !f.genres.length && !f.years.length && !f.status && !f.search;
    if (unfiltered) {
      const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
        `SELECT COALESCE(max(az_rank), 0)::int AS total FROM ${table} WHERE published`,
      );
      let rows: { id: number }[];
      if (f.sort === 'Z-A') {
        rows = await db.query(
          `SELECT id FROM ${table} WHERE published AND az_rank <= $1 ORDER BY az_rank DESC LIMIT $2`,
          [total - f.offset, f.limit],
        );
      } else {
        const rank = f.sort === 'A-Z' ? 'az_rank' : 'recent_rank';
        rows = await db.query(
          `SELECT id FROM ${table} WHERE published AND ${rank} > $1 ORDER BY ${rank} LIMIT $2`,
          [f.offset, f.limit],
        );
      }
      return { ids: rows.map((r) => r.id), total };
    }

    const where: string[] = ['t.published'];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (f.genres.length) {
      where.push(
        `EXISTS (SELECT 1 FROM ${genreJoin} tg WHERE tg.${fk} = t.id AND tg.genre_id = ANY(${param(f.genres)}::smallint[]))`,
      );
    }
    if (f.years.length) {
      where.push(
        '(' + f.years.map((y) => `t.year BETWEEN ${param(y.from)} AND ${param(y.to)}`).join(' OR ') + ')',
      );
    }
    if (kind === 'series' && f.status) where.push(`t.status = ${param(f.status)}`);
    let relevance = '';
    let whereParamCount = params.length;
    if (f.search) {
      const q = param(f.search);
      const words = f.search.split(' ').filter(Boolean);
      const allWords = words.map((w) => `t.search_text LIKE ${param('%' + escapeLike(w) + '%')}`).join(' AND ');
      // Contains the phrase, contains every word, or is close to it (typo).
      where.push(`(t.search_text LIKE ${param('%' + escapeLike(f.search) + '%')} OR (${allWords}) OR ${q} <% t.search_text)`);
      whereParamCount = params.length;
      // Title hits (the text starts with the titles) before cast hits, then
      // closeness, then popularity.
      relevance = `CASE WHEN t.search_text LIKE ${param(escapeLike(f.search) + '%')} THEN 0
        WHEN strpos(t.search_text, ${q}) > 0 THEN 1 + strpos(t.search_text, ${q}) / 1000.0 ELSE 2 END,
        word_similarity(${q}, t.search_text) DESC, t.popularity DESC,`;
    }
    const order =
      f.sort === 'A-Z'
        ? `t.sort_key COLLATE "C", t.id`
        : f.sort === 'Z-A'
          ? `t.sort_key COLLATE "C" DESC, t.id DESC`
          : relevance
            ? `${relevance} t.id`
            : `t.recent_rank`;
    const whereSql = where.join(' AND ');
    const [countRow] = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM ${table} t WHERE ${whereSql}`,
      params.slice(0, whereParamCount),
    );
    const rows = await db.query<{ id: number }>(
      `SELECT t.id FROM ${table} t WHERE ${whereSql} ORDER BY ${order} LIMIT ${param(f.limit)} OFFSET ${param(f.offset)}`,
      params,
    );
    return { ids: rows.map((r) => r.id), total: countRow?.total ?? 0 };
  }

  return {
    cardsByIds,
    listPage,

    async seriesCards(ids: number[]) {
      return cardsByIds<SeriesRow>('series', ids);
    },

    async movieCards(ids: number[]) {
      return cardsByIds<MovieRow>('movies', ids);
    },

    async topIds(kind: TitleKind, limit: number): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        `SELECT id FROM ${TABLES[kind].table} WHERE published ORDER BY popularity DESC, id LIMIT $1`,
        [limit],
      );
      return rows.map((r) => r.id);
    },

    async recentIds(kind: TitleKind, limit: number): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        `SELECT id FROM ${TABLES[kind].table} WHERE published AND recent_rank IS NOT NULL
         ORDER BY recent_rank LIMIT $1`,
        [limit],
      );
      return rows.map((r) => r.id);
    },

    async featured(): Promise<FeaturedRow[]> {
      return db.query<FeaturedRow>(
        `SELECT 'series' AS kind, id, featured_rank AS rank FROM series WHERE published AND featured_rank IS NOT NULL
         UNION ALL
         SELECT 'movie' AS kind, id, featured_rank AS rank FROM movies WHERE published AND featured_rank IS NOT NULL
         ORDER BY rank, kind, id`,
      );
    },

    async latestEpisodes(limit: number): Promise<LatestEpisodeRow[]> {
      return db.query<LatestEpisodeRow>(
        `SELECT e.id, e.image, e.episode_number AS number, to_char(e.air_date, 'YYYY-MM-DD') AS "airDate",
           s.id AS "seriesId", s.title AS "seriesTitle", se.title AS "seasonTitle", e.title
         FROM episodes e
         JOIN seasons se ON se.id = e.season_id
         JOIN series s ON s.id = e.series_id
         WHERE s.published AND e.published_at <= now()
         ORDER BY e.published_at DESC, e.id DESC
         LIMIT $1`,
        [limit],
      );
    },

    async detailExtra(kind: TitleKind, id: number): Promise<TitleDetailExtra | null> {
      const [row] = await db.query<TitleDetailExtra>(
        `SELECT description, trailer FROM ${TABLES[kind].table} WHERE id = $1 AND published`,
        [id],
      );
      return row ?? null;
    },

    async cast(kind: TitleKind, id: number): Promise<CastRow[]> {
      const { cast, fk } = TABLES[kind];
      return db.query<CastRow>(
        `SELECT p.id, p.name, p.image FROM ${cast} c JOIN people p ON p.id = c.person_id
         WHERE c.${fk} = $1 ORDER BY c.position, p.id`,
        [id],
      );
    },

    async reviews(kind: TitleKind, id: number): Promise<ReviewRow[]> {
      return db.query<ReviewRow>(
        `SELECT r.id, r.user_id AS "userId", u.name AS "userName", u.avatar AS "userAvatar", r.rating, r.content,
           to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
           COALESCE((SELECT json_agg(json_build_object('id', rr.id, 'userId', rr.user_id, 'userName', ru.name,
               'userAvatar', ru.avatar, 'reply', rr.reply,
               'createdAt', to_char(rr.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) ORDER BY rr.created_at, rr.id)
             FROM review_replies rr JOIN users ru ON ru.id = rr.user_id WHERE rr.review_id = r.id), '[]'::json) AS replies
         FROM reviews r JOIN users u ON u.id = r.user_id
         WHERE r.${TABLES[kind].fk} = $1 AND r.published
         ORDER BY r.created_at DESC, r.id DESC`,
        [id],
      );
    },

    async seasons(seriesId: number): Promise<SeasonRow[]> {
      return db.query<SeasonRow>(
        `SELECT id, season_number AS number, title FROM seasons WHERE series_id = $1 ORDER BY season_number`,
        [seriesId],
      );
    },

    async episodes(seriesId: number): Promise<EpisodeRow[]> {
      return db.query<EpisodeRow>(
        `SELECT id, season_id AS "seasonId", episode_number AS number, title,
           to_char(air_date, 'YYYY-MM-DD') AS "airDate", image, duration_minutes AS "durationMinutes",
           season_finale AS "seasonFinale"
         FROM episodes WHERE series_id = $1 AND published_at <= now()
         ORDER BY season_id, episode_number`,
        [seriesId],
      );
    },

    /** Movies sharing genres with `movieId` (most shared first), then popular ones. */
    async recommendedMovieIds(movieId: number | null, limit: number): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        `SELECT m.id FROM movies m
         WHERE m.published AND m.id IS DISTINCT FROM $1::bigint
         ORDER BY (SELECT count(*) FROM movie_genres a JOIN movie_genres b ON a.genre_id = b.genre_id
                   WHERE a.movie_id = m.id AND b.movie_id = $1::bigint) DESC,
                  m.popularity DESC, m.id
         LIMIT $2`,
        [movieId, limit],
      );
      return rows.map((r) => r.id);
    },

    async activePromotion(): Promise<{ text: string; color: 'red' | 'blue' } | null> {
      const [row] = await db.query<{ text: string; color: 'red' | 'blue' }>(
        `SELECT text, color FROM promotions
         WHERE active AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
         ORDER BY starts_at DESC, id DESC LIMIT 1`,
      );
      return row ?? null;
    },

    /** For the HTML head of a shared detail link. */
    async shareInfo(kind: TitleKind, id: number) {
      const [row] = await db.query<{ title: string; description: string; cover: string; year: number }>(
        `SELECT title, description, cover, year FROM ${TABLES[kind].table} WHERE id = $1 AND published`,
        [id],
      );
      return row ?? null;
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => '\\' + c);
}

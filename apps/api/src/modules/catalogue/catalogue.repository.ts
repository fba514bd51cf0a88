import type { SeriesStatus, SortOption, YearRange } from '@bosphorus/contract';
import type { Queryable } from '../../db/client.js';
import { swapAlternatives } from './search-variants.js';

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
  englishComing: boolean;
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
  spoiler: boolean;
  episodeId: number | null;
  replies: {
    id: number;
    userId: number;
    userName: string;
    userAvatar: string | null;
    reply: string;
    createdAt: string;
  }[];
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
  englishComing: boolean;
}

/**
 * Issue 28: an episode that plays (its media: the Turkish audio) with no
 * English track yet says "English subtitles coming". Media and tracks are
 * playback's tables, read here for the answer only. `e` is the episode.
 */
const ENGLISH_COMING = `(EXISTS (SELECT 1 FROM media_renditions m WHERE m.episode_id = e.id)
  AND NOT EXISTS (SELECT 1 FROM subtitle_tracks t WHERE t.episode_id = e.id AND t.language = 'en'))`;

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

// search: the narrow copy search reads (migration 0003); it has the
// columns the list filters use (published, year, status) under the same names.
const TABLES = {
  series: {
    table: 'series',
    genreJoin: 'series_genres',
    fk: 'series_id',
    cast: 'series_cast',
    search: 'series_search',
  },
  movies: { table: 'movies', genreJoin: 'movie_genres', fk: 'movie_id', cast: 'movie_cast', search: 'movie_search' },
} as const;

/**
 * A season is shown once one of its episodes is out: a season whose episodes
 * are all scheduled is not there yet (decision 0023). Episode 1 is usually
 * out, so the first probe of the (season_id, episode_number) index decides.
 */
const SEASON_IS_OUT = `(EXISTS (SELECT 1 FROM episodes e WHERE e.season_id = se.id AND e.published_at <= now())
  OR NOT EXISTS (SELECT 1 FROM episodes e WHERE e.season_id = se.id))`;

function cardColumns(kind: TitleKind): string {
  const t = TABLES[kind];
  const extra =
    kind === 'series'
      ? `, t.status, (SELECT count(*)::int FROM seasons se WHERE se.series_id = t.id AND ${SEASON_IS_OUT}) AS "seasonsCount"`
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
   * page 1 costs (decision 0003). A filtered list (genre, year, status) reads
   * its whole match set once anyway for the count: the same statement
   * gathers the matches' ids in list order (the same dense ranks, integers)
   * and slices the page out of them, so page 300 costs what page 1 costs
   * instead of walking and probing every match before it with OFFSET
   * (issue 15, decision 0078).
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
        rows = await db.query(`SELECT id FROM ${table} WHERE published AND ${rank} > $1 ORDER BY ${rank} LIMIT $2`, [
          f.offset,
          f.limit,
        ]);
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
      where.push('(' + f.years.map((y) => `t.year BETWEEN ${param(y.from)} AND ${param(y.to)}`).join(' OR ') + ')');
    }
    if (kind === 'series' && f.status) where.push(`t.status = ${param(f.status)}`);
    if (f.search) return searchPage(kind, f, where, params);
    // az_rank is the (sort_key, id) order among published titles, as integers
    // (the text keys only break the tie of a title published since the ranks
    // were last refreshed: no rank yet).
    const order =
      f.sort === 'A-Z'
        ? 't.az_rank, t.sort_key COLLATE "C", t.id'
        : f.sort === 'Z-A'
          ? 't.az_rank DESC NULLS LAST, t.sort_key COLLATE "C" DESC, t.id DESC'
          : 't.recent_rank, t.id';
    const whereSql = where.join(' AND ');
    const from = param(f.offset + 1);
    const to = param(f.offset + f.limit);
    const [row] = await db.query<{ total: number; ids: number[] | null }>(
      `SELECT count(*)::int AS total, (array_agg(t.id::int ORDER BY ${order}))[${from}::int : ${to}::int] AS ids
       FROM ${table} t WHERE ${whereSql}`,
      params,
    );
    return { ids: (row?.ids ?? []).map(Number), total: row?.total ?? 0 };
  }

  /**
   * A page of search hits and their count. Hits are the titles whose folded
   * text contains every word (trigram index). Only when there is none does a
   * second statement look for the words with two neighbouring letters
   * swapped back (search-variants.ts), and only when that finds none either
   * a third for titles close to the text (another typo): word
   * similarity is indexed too, but costly per row, a common word has
   * thousands of near neighbours on a large catalogue, and even planning it
   * runs word_similarity over the column statistics (decision 0006).
   *
   * Relevance (without an explicit sort): a title starting with the text,
   * then the phrase in the titles (earlier first, before the ' | ' that
   * starts the cast names), then in the cast, then the words apart. Inside a
   * phrase tier, closeness: whole words before a word start, a word end or
   * inside a word (the order word_similarity gives a contained phrase,
   * without computing it per hit). Typo matches rank by word similarity.
   * Then popularity. Every expression here runs once per hit: a common word
   * has a thousand hits on a large catalogue, and character positions
   * (strpos, substr) cost in proportion to how far into the text they look.
   * Hits come from the narrow search copy (migration 0003, decision 0017),
   * which also stores where the titles end.
   */
  async function searchPage(
    kind: TitleKind,
    f: ListFilter,
    filters: string[],
    filterParams: unknown[],
  ): Promise<{ ids: number[]; total: number }> {
    const { search: table } = TABLES[kind];
    const text = 't.search_text';
    const filterSql = filters.join(' AND ');
    const sorted = f.sort === 'A-Z' ? 'h.sort_key COLLATE "C", h.id' : 'h.sort_key COLLATE "C" DESC, h.id DESC';

    const exact = statement(filterParams);
    const words = [...new Set(f.search.split(' ').filter(Boolean))];
    /** The folded text contains w (trigram-indexed). */
    const contains = (st: Statement, w: string) => `${text} LIKE ${st.param('%' + escapeLike(w) + '%')}`;
    const allWords = words.map((w) => contains(exact, w)).join(' AND ');
    let found: { ids: number[]; total: number };
    if (f.sort) {
      found = await pageOfHits(
        exact,
        `SELECT t.id, t.sort_key FROM ${table} t WHERE ${filterSql} AND ${allWords}`,
        sorted,
        f,
      );
    } else {
      // m.pos: where the phrase first occurs (0: nowhere). place orders the
      // tiers and, in the titles, the position in one integer: 1 is a title
      // starting with the text, then later title positions, then the cast
      // (past t.titles_end), then the words apart. Closeness: is the match
      // at m.pos on a word boundary before (2) and after (1) it: the text's
      // start or end (ascii('') is 0) or a space (32; folded text has no
      // control characters), compared as integers. The inner OFFSET 0 keeps
      // the subquery from being flattened, so strpos runs once per hit, with
      // no nested loop step per hit as a LATERAL subquery takes (decision 0017).
      const boundary = (at: string) => `(ascii(substr(m.search_text, ${at}, 1)) <= 32)`;
      const before = boundary('m.pos - 1');
      const after = boundary(`m.pos + ${[...f.search].length}`);
      const place = `CASE WHEN m.pos = 0 THEN 2147483647 WHEN m.pos > m.titles_end THEN 2147483646 ELSE m.pos END`;
      // Integers, not numeric.
      const closeness = `CASE WHEN m.pos = 0 THEN 0 ELSE ${before}::int * 2 + ${after}::int END`;
      found = await pageOfHits(
        exact,
        `SELECT m.id, m.popularity, ${place} AS place, ${closeness} AS closeness
         FROM (SELECT t.id, t.popularity, t.titles_end, t.search_text,
                 strpos(t.search_text, ${exact.param(f.search)}) AS pos
               FROM ${table} t WHERE ${filterSql} AND ${allWords} OFFSET 0) AS m`,
        'h.place, h.closeness DESC, h.popularity DESC, h.id',
        f,
      );
    }
    if (found.total > 0) return found;

    // Typos: first two neighbouring letters swapped (every word, or one of
    // its swaps, contained: the trigram index again), then word similarity.
    // Both rank by similarity to the text as typed.
    const byTypo = f.sort ? sorted : 'h.similarity DESC, h.popularity DESC, h.id';
    const alternatives = swapAlternatives(words);
    if (alternatives) {
      const swap = statement(filterParams);
      const q = swap.param(f.search);
      const anySpelling = alternatives
        .map((spellings) => `(${spellings.map((w) => contains(swap, w)).join(' OR ')})`)
        .join(' AND ');
      found = await pageOfHits(
        swap,
        `SELECT t.id, t.sort_key, t.popularity, word_similarity(${q}, ${text}) AS similarity
         FROM ${table} t WHERE ${filterSql} AND ${anySpelling}`,
        byTypo,
        f,
      );
      if (found.total > 0) return found;
    }

    const typo = statement(filterParams);
    const q = typo.param(f.search);
    return pageOfHits(
      typo,
      `SELECT t.id, t.sort_key, t.popularity, word_similarity(${q}, ${text}) AS similarity
       FROM ${table} t WHERE ${filterSql} AND ${q} <% ${text}`,
      byTypo,
      f,
    );
  }

  // How many rows hitsSql finds and one page of their ids, from one scan;
  // the LEFT JOIN keeps the count when the page is past the end.
  async function pageOfHits(st: Statement, hitsSql: string, order: string, f: ListFilter) {
    const rows = await db.query<{ total: number; id: number | null }>(
      `WITH hits AS MATERIALIZED (${hitsSql})
       SELECT (SELECT count(*) FROM hits)::int AS total, p.id
       FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (
         SELECT h.id FROM hits h ORDER BY ${order} LIMIT ${st.param(f.limit)} OFFSET ${st.param(f.offset)}
       ) AS p ON true`,
      st.params,
    );
    return { ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])), total: rows[0]?.total ?? 0 };
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
           s.id AS "seriesId", s.title AS "seriesTitle", se.title AS "seasonTitle", e.title,
           ${ENGLISH_COMING} AS "englishComing"
         FROM episodes e
         JOIN seasons se ON se.id = e.season_id
         JOIN series s ON s.id = e.series_id
         WHERE s.published AND e.published_at <= now()
         ORDER BY e.published_at DESC, e.id DESC
         LIMIT $1`,
        [limit],
      );
    },

    /**
     * Home's "New with English subtitles" (issue 28, decision 0132): the
     * episodes whose English track came out in the last `days` days, latest
     * first. A track comes out at the later of its first upload
     * (subtitle_tracks.created_at, kept by a re-upload) and the episode's
     * own release: a track uploaded for a scheduled episode comes out with
     * it. Tracks older than migration 0030 have no time and never count.
     */
    async newWithEnglishSubtitles(limit: number, days: number): Promise<LatestEpisodeRow[]> {
      return db.query<LatestEpisodeRow>(
        `SELECT e.id, e.image, e.episode_number AS number, to_char(e.air_date, 'YYYY-MM-DD') AS "airDate",
           s.id AS "seriesId", s.title AS "seriesTitle", se.title AS "seasonTitle", e.title,
           false AS "englishComing"
         FROM subtitle_tracks t
         JOIN episodes e ON e.id = t.episode_id
         JOIN seasons se ON se.id = e.season_id
         JOIN series s ON s.id = e.series_id
         WHERE t.language = 'en' AND t.episode_id IS NOT NULL AND t.created_at IS NOT NULL
           AND s.published AND e.published_at <= now()
           AND greatest(t.created_at, e.published_at) > now() - make_interval(days => $2::int)
         ORDER BY greatest(t.created_at, e.published_at) DESC, e.id DESC
         LIMIT $1`,
        [limit, days],
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

    /** A title's published reviews, newest first, each with its replies (oldest first): one indexed query. */
    async reviews(kind: TitleKind, id: number): Promise<ReviewRow[]> {
      return db.query<ReviewRow>(
        `SELECT r.id, r.user_id AS "userId", u.name AS "userName", u.avatar AS "userAvatar", r.rating, r.content,
           r.spoiler, r.episode_id AS "episodeId",
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
        `SELECT se.id, se.season_number AS number, se.title FROM seasons se
         WHERE se.series_id = $1 AND ${SEASON_IS_OUT} ORDER BY se.season_number`,
        [seriesId],
      );
    },

    async episodes(seriesId: number): Promise<EpisodeRow[]> {
      return db.query<EpisodeRow>(
        `SELECT id, season_id AS "seasonId", episode_number AS number, title,
           to_char(air_date, 'YYYY-MM-DD') AS "airDate", image, duration_minutes AS "durationMinutes",
           season_finale AS "seasonFinale", ${ENGLISH_COMING} AS "englishComing"
         FROM episodes e WHERE series_id = $1 AND published_at <= now()
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

    /** Whether an episode is out: published itself, in a published series (the episode player's page). */
    async episodeIsOut(id: number): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM episodes e JOIN series s ON s.id = e.series_id
         WHERE e.id = $1 AND e.published_at <= now() AND s.published`,
        [id],
      );
      return rows.length > 0;
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;

interface Statement {
  params: unknown[];
  /** Adds a parameter and returns its placeholder. */
  param(value: unknown): string;
}

/** Parameters of one statement, starting from a copy of `base` (every parameter must be used). */
function statement(base: unknown[]): Statement {
  const params = [...base];
  return {
    params,
    param(value) {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => '\\' + c);
}

import type { Db, Queryable } from '../client.js';
import { refreshCatalogueIndex } from './catalogue-index.js';
import type { DemoCatalogue, DemoMovie, DemoSeries } from './demo-types.js';

export const DEMO_SEED_NAME = 'demo-catalogue-v1';
/** The demo clips for every title; a data folder seeded before the player existed gets them once. */
export const DEMO_MEDIA_SEED_NAME = 'demo-media-v1';
const SEED_LOCK_KEY = 7_270_002;

/** The committed demo clips (scripts/gen-demo-media.sh), folders under config.media.dir/demo. */
export const DEMO_CLIPS = ['ferry', 'bazaar', 'letter'] as const;

/** Seeds the demo catalogue once (first start). Returns true when it ran. */
export async function seedDemo(db: Db, catalogue?: DemoCatalogue): Promise<boolean> {
  const data = catalogue ?? (await import('./demo-catalogue.js')).demoCatalogue;
  return db.withAdvisoryLock(SEED_LOCK_KEY, async (tx) => {
    const done = await tx.query('SELECT 1 FROM seed_runs WHERE name = $1', [DEMO_SEED_NAME]);
    if (done.length) {
      const media = await tx.query('SELECT 1 FROM seed_runs WHERE name = $1', [DEMO_MEDIA_SEED_NAME]);
      if (!media.length) {
        await attachDemoMedia(tx);
        await tx.query('INSERT INTO seed_runs (name) VALUES ($1)', [DEMO_MEDIA_SEED_NAME]);
      }
      return false;
    }
    await insertCatalogue(tx, data);
    await scheduleUpcomingEpisodes(tx);
    await attachDemoMedia(tx);
    await tx.query('INSERT INTO seed_runs (name) VALUES ($1), ($2)', [DEMO_SEED_NAME, DEMO_MEDIA_SEED_NAME]);
    return true;
  });
}

export async function insertCatalogue(tx: Queryable, data: DemoCatalogue) {
  const personIds = new Map<string, number>();
  for (const p of data.people) {
    const [row] = await tx.query<{ id: number }>('INSERT INTO people (name, image) VALUES ($1, $2) RETURNING id', [
      p.name,
      p.image,
    ]);
    personIds.set(p.key, row!.id);
  }
  const userIds = new Map<string, number>();
  for (const u of data.users) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO users (email, name, avatar, verified_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (lower(email)) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [u.email, u.name, u.avatar],
    );
    userIds.set(u.key, row!.id);
  }

  const castOf = (title: DemoSeries | DemoMovie) =>
    title.cast.map((key) => {
      const id = personIds.get(key);
      if (id === undefined) throw new Error(`demo catalogue: '${title.title}' names unknown person '${key}'`);
      return id;
    });

  const seriesIds = new Map<string, number>();
  for (const s of data.series) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO series (title, original_title, alt_titles, description, year, status, image, cover, trailer,
         featured_rank, popularity)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        s.title,
        s.original_title,
        s.alt_titles,
        s.description,
        s.year,
        s.status,
        s.image,
        s.cover,
        s.trailer,
        s.featured ?? null,
        s.popularity,
      ],
    );
    const id = row!.id;
    seriesIds.set(s.title, id);
    await tx.query('INSERT INTO series_genres (series_id, genre_id) SELECT $1, unnest($2::smallint[])', [id, s.genres]);
    await tx.query(
      `INSERT INTO series_cast (series_id, person_id, position)
       SELECT $1, p, o - 1 FROM unnest($2::bigint[]) WITH ORDINALITY AS u(p, o)`,
      [id, castOf(s)],
    );
    for (const season of s.seasons) {
      const [se] = await tx.query<{ id: number }>(
        'INSERT INTO seasons (series_id, season_number, title) VALUES ($1, $2, $3) RETURNING id',
        [id, season.number, season.title],
      );
      const eps = season.episodes;
      await tx.query(
        `INSERT INTO episodes (season_id, series_id, episode_number, title, air_date, image, duration_minutes,
           season_finale, published_at)
         SELECT $1, $2, n, t, d, i, m, f, d::timestamptz + interval '20 hours'
         FROM unnest($3::smallint[], $4::text[], $5::date[], $6::text[], $7::smallint[], $8::boolean[])
           AS u(n, t, d, i, m, f)`,
        [
          se!.id,
          id,
          eps.map((e) => e.number),
          eps.map((e) => e.title),
          eps.map((e) => e.air_date),
          eps.map((e) => e.image),
          eps.map((e) => e.duration_minutes),
          eps.map((e) => e.finale ?? false),
        ],
      );
    }
  }

  const movieIds = new Map<string, number>();
  for (const m of data.movies) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO movies (title, original_title, alt_titles, description, year, duration_minutes, image, cover,
         trailer, featured_rank, popularity)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        m.title,
        m.original_title,
        m.alt_titles,
        m.description,
        m.year,
        m.duration_minutes,
        m.image,
        m.cover,
        m.trailer,
        m.featured ?? null,
        m.popularity,
      ],
    );
    const id = row!.id;
    movieIds.set(m.title, id);
    await tx.query('INSERT INTO movie_genres (movie_id, genre_id) SELECT $1, unnest($2::smallint[])', [id, m.genres]);
    await tx.query(
      `INSERT INTO movie_cast (movie_id, person_id, position)
       SELECT $1, p, o - 1 FROM unnest($2::bigint[]) WITH ORDINALITY AS u(p, o)`,
      [id, castOf(m)],
    );
  }

  for (const r of data.reviews) {
    const userId = userIds.get(r.user);
    const seriesId = r.series ? seriesIds.get(r.series) : null;
    const movieId = r.movie ? movieIds.get(r.movie) : null;
    if (!userId || (seriesId ?? movieId) === undefined || (!seriesId && !movieId)) {
      throw new Error(`demo catalogue: review on '${r.series ?? r.movie}' by '${r.user}' does not resolve`);
    }
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO reviews (user_id, series_id, movie_id, rating, content, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [userId, seriesId ?? null, movieId ?? null, r.rating, r.content, r.created_at],
    );
    for (const reply of r.replies ?? []) {
      const replier = userIds.get(reply.user);
      if (!replier) throw new Error(`demo catalogue: reply by unknown user '${reply.user}'`);
      await tx.query('INSERT INTO review_replies (review_id, user_id, reply, created_at) VALUES ($1, $2, $3, $4)', [
        row!.id,
        replier,
        reply.reply,
        reply.created_at,
      ]);
    }
  }

  if (data.promotion) {
    await tx.query('INSERT INTO promotions (text, color) VALUES ($1, $2)', [data.promotion.text, data.promotion.color]);
  }
  // Only the titles this call added: another title without media (a new one
  // of the console's, waiting for its transcode) is not given a demo clip.
  await attachDemoMedia(tx, { movieIds: [...movieIds.values()], seriesIds: [...seriesIds.values()] });
  await refreshCatalogueIndex(tx);
}

/** Upcoming episodes per ongoing series in a fresh demo catalogue, one a day from tomorrow. */
export const DEMO_UPCOMING_EPISODES = 3;

/**
 * A running demo publishes episodes by itself (decision 0023): every ongoing
 * series gets DEMO_UPCOMING_EPISODES more episodes in its latest season,
 * scheduled a day apart from the time the seed runs, with the still and
 * length of its latest episode. The publishing scheduler announces each one
 * to the series' followers when its time comes.
 */
export async function scheduleUpcomingEpisodes(tx: Queryable) {
  await tx.query(
    `WITH latest AS (
       SELECT DISTINCT ON (s.id) s.id AS series_id, e.season_id, e.episode_number, e.image, e.duration_minutes
       FROM series s JOIN episodes e ON e.series_id = s.id JOIN seasons se ON se.id = e.season_id
       WHERE s.status <> 'ended'
       ORDER BY s.id, se.season_number DESC, e.episode_number DESC
     )
     INSERT INTO episodes (season_id, series_id, episode_number, title, air_date, image, duration_minutes,
       published_at)
     SELECT l.season_id, l.series_id, l.episode_number + k, 'Episode ' || (l.episode_number + k),
       (date_trunc('hour', now()) + k * interval '1 day')::date, l.image, l.duration_minutes,
       date_trunc('hour', now()) + k * interval '1 day'
     FROM latest l CROSS JOIN generate_series(1, $1::int) AS k`,
    [DEMO_UPCOMING_EPISODES],
  );
}

/**
 * Every movie and episode that has no media yet plays one of the demo clips,
 * in turn by id: its HLS master and progressive MP4 (paths relative to
 * config.media.dir) and its English (default) and Turkish subtitles. With
 * `only`, just the movies and the episodes of the series named there.
 */
export async function attachDemoMedia(tx: Queryable, only?: { movieIds: number[]; seriesIds: number[] }) {
  for (const [table, fk, scope] of [
    ['movies', 'movie_id', only && { column: 'id', ids: only.movieIds }],
    ['episodes', 'episode_id', only && { column: 'series_id', ids: only.seriesIds }],
  ] as const) {
    if (scope && scope.ids.length === 0) continue;
    await tx.query(
      `WITH unplayable AS (
         SELECT t.id, 'demo/' || ($1::text[])[1 + (t.id % cardinality($1::text[]))::int] AS dir
         FROM ${table} t
         WHERE NOT EXISTS (SELECT 1 FROM media_renditions m WHERE m.${fk} = t.id)
           ${scope ? `AND t.${scope.column} = ANY($2::bigint[])` : ''}
       ), renditions AS (
         INSERT INTO media_renditions (${fk}, kind, path, height)
         SELECT id, 'hls', dir || '/master.m3u8', 360 FROM unplayable
         UNION ALL SELECT id, 'mp4', dir || '/progressive.mp4', 360 FROM unplayable
       )
       INSERT INTO subtitle_tracks (${fk}, language, label, path, is_default)
       SELECT id, 'en', 'English', dir || '/subs/en.vtt', true FROM unplayable
       UNION ALL SELECT id, 'tr', 'Turkish', dir || '/subs/tr.vtt', false FROM unplayable`,
      scope ? [DEMO_CLIPS, scope.ids] : [DEMO_CLIPS],
    );
  }
}

import { randomUUID } from 'node:crypto';
import type { Queryable } from '../src/db/client.js';
import type { DemoCatalogue, DemoEpisode, DemoMovie, DemoSeries } from '../src/db/seed/demo-types.js';
import { hashPassword } from '../src/modules/accounts/passwords.js';

// Factories for integration tests: each test file builds its own small
// catalogue with unique values instead of relying on the demo seed.

export function uniq(prefix = '') {
  return prefix + randomUUID().slice(0, 8);
}

export function episodes(count: number, year: number, finaleLast = true): DemoEpisode[] {
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    title: `Episode ${i + 1}`,
    air_date: `${year}-0${1 + (i % 9)}-1${i % 10}`,
    image: `still-${i + 1}.webp`,
    duration_minutes: 60 + i,
    finale: finaleLast && i === count - 1,
  }));
}

export function series(overrides: Partial<DemoSeries> & { title: string }): DemoSeries {
  return {
    original_title: overrides.title,
    alt_titles: [],
    description: `${overrides.title} is a test series.`,
    year: 2020,
    genres: [4],
    image: 'poster.webp',
    cover: 'cover.webp',
    trailer: 'https://www.youtube.com/watch?v=abcdefghijk',
    cast: [],
    popularity: 10,
    status: 'ended',
    seasons: [{ number: 1, title: 'Season 1', episodes: episodes(3, overrides.year ?? 2020) }],
    ...overrides,
  };
}

export function movie(overrides: Partial<DemoMovie> & { title: string }): DemoMovie {
  return {
    original_title: overrides.title,
    alt_titles: [],
    description: `${overrides.title} is a test movie.`,
    year: 2020,
    genres: [4],
    image: 'poster.webp',
    cover: 'cover.webp',
    trailer: 'https://youtu.be/abcdefghijk',
    cast: [],
    popularity: 10,
    duration_minutes: 100,
    ...overrides,
  };
}

export function catalogue(parts: Partial<DemoCatalogue>): DemoCatalogue {
  return { people: [], series: [], movies: [], users: [], reviews: [], promotion: null, ...parts };
}

// ───────────── accounts ─────────────

export interface TestUser {
  id: number;
  name: string;
  email: string;
  password: string;
}

/** A unique sign-up form: user_name, user_email, user_password. */
export function signUp(overrides: Partial<{ user_name: string; user_email: string; user_password: string }> = {}) {
  const key = uniq();
  return {
    user_name: `Tester ${key}`,
    user_email: `user-${key}@example.test`,
    user_password: `pass-${key}-word`,
    ...overrides,
  };
}

/**
 * Inserts an account directly (argon2id hash, as registration stores it):
 * verified and not banned unless told otherwise.
 */
export async function insertUser(
  db: Queryable,
  opts: Partial<{
    name: string;
    email: string;
    password: string;
    verified: boolean;
    banned: boolean;
    role: 'user' | 'admin';
  }> = {},
): Promise<TestUser> {
  const key = uniq();
  const name = opts.name ?? `Tester ${key}`;
  const email = opts.email ?? `user-${key}@example.test`;
  const password = opts.password ?? `pass-${key}-word`;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, role, verified_at, banned_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $5::boolean THEN now() END, CASE WHEN $6::boolean THEN now() END)
     RETURNING id`,
    [email, name, await hashPassword(password), opts.role ?? 'user', opts.verified ?? true, opts.banned ?? false],
  );
  return { id: Number(row!.id), name, email, password };
}

// ───────────── plans and media (issue 8) ─────────────

/**
 * Gives an account an active plan directly (an active subscription ending in
 * `days`), as a verified payment would; returns the subscription id.
 */
export async function insertActivePlan(db: Queryable, userId: number, days = 30): Promise<number> {
  const [pkg] = await db.query<{ id: number }>(
    `INSERT INTO packages (title, amount_minor, currency, duration, duration_unit, active)
     VALUES ($1, 999, 'USD', 1, 'monthly', false) RETURNING id`,
    [`Test plan ${uniq()}`],
  );
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO subscriptions (user_id, package_id, provider, status, current_period_end)
     VALUES ($1, $2, 'demo', 'active', now() + make_interval(days => $3)) RETURNING id`,
    [userId, pkg!.id, days],
  );
  return Number(row!.id);
}

/**
 * Points a movie or an episode at one of the committed demo clips
 * (apps/api/media/demo/<clip>), replacing its media rows; `null` leaves it
 * without media. seedCatalogue already gives every title a clip in turn.
 */
export async function setVideoClip(
  db: Queryable,
  videoType: 'movie' | 'episode',
  videoId: number,
  clip: 'ferry' | 'bazaar' | 'letter' | null,
) {
  const fk = videoType === 'movie' ? 'movie_id' : 'episode_id';
  await db.query(`DELETE FROM media_renditions WHERE ${fk} = $1`, [videoId]);
  await db.query(`DELETE FROM subtitle_tracks WHERE ${fk} = $1`, [videoId]);
  if (clip === null) return;
  await db.query(
    `INSERT INTO media_renditions (${fk}, kind, path, height)
     VALUES ($1, 'hls', $2 || '/master.m3u8', 360), ($1, 'mp4', $2 || '/progressive.mp4', 360)`,
    [videoId, `demo/${clip}`],
  );
  await db.query(
    `INSERT INTO subtitle_tracks (${fk}, language, label, path, is_default)
     VALUES ($1, 'en', 'English', $2 || '/subs/en.vtt', true), ($1, 'tr', 'Turkish', $2 || '/subs/tr.vtt', false)`,
    [videoId, `demo/${clip}`],
  );
}

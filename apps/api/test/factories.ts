import { randomUUID } from 'node:crypto';
import type { DemoCatalogue, DemoEpisode, DemoMovie, DemoSeries } from '../src/db/seed/demo-types.js';

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

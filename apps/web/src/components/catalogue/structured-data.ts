import type { CastMember, EpisodeSummary, MovieDetail, Season, SeriesDetail } from '@bosphorus/contract';
import { uploadUrl } from '../../lib/uploads';
import { genreNames } from './format';

// schema.org descriptions of the detail pages (JSON-LD), read by search
// engines from the server's HTML: a TVSeries with its seasons and episodes,
// a Movie. Only what the page itself shows; a field the title lacks (no
// rating yet, no cast) is left out rather than sent empty. Images and
// addresses are absolute, from the origin the page was opened at.

export type StructuredData = Record<string, unknown>;

const SCHEMA_ORG = 'https://schema.org';

/** A review's rating is 1–10 (spec §9); the title's is their rounded mean. */
const RATING_SCALE = { bestRating: 10, worstRating: 1 } as const;

const MINUTES_PER_HOUR = 60;

/** 125 → 'PT2H5M', 45 → 'PT45M', 120 → 'PT2H' (ISO 8601); undefined for a missing or non-positive length. */
export function isoDuration(minutes: number | null | undefined): string | undefined {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes <= 0) return undefined;
  const total = Math.round(minutes);
  const hours = Math.floor(total / MINUTES_PER_HOUR);
  const rest = total % MINUTES_PER_HOUR;
  return `PT${hours ? `${hours}H` : ''}${rest ? `${rest}M` : ''}`;
}

/** An upload's absolute address ('https://site/uploads/x.webp'); undefined without one. */
function absoluteUrl(file: string | null | undefined, origin: string): string | undefined {
  const url = uploadUrl(file);
  if (!url) return undefined;
  return origin ? new URL(url, origin).href : url;
}

/** A 'YYYY-MM-DD' day as given; undefined for anything else. */
function isoDay(value: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

const nonEmpty = <T>(items: T[]): T[] | undefined => (items.length ? items : undefined);
const text = (value: string): string | undefined => value.trim() || undefined;

function actors(cast: readonly CastMember[]) {
  return nonEmpty(cast.map((person) => ({ '@type': 'Person', name: person.name })));
}

/** Only with a rating, which exists only with published reviews (their count). */
function aggregateRating(rating: number | undefined, reviews: number) {
  if (rating === undefined || reviews === 0) return undefined;
  return { '@type': 'AggregateRating', ratingValue: rating, ratingCount: reviews, ...RATING_SCALE };
}

function episodeData(episode: EpisodeSummary): StructuredData {
  return {
    '@type': 'TVEpisode',
    episodeNumber: episode.episode_number,
    name: episode.episode_title,
    datePublished: isoDay(episode.episode_date),
    duration: isoDuration(episode.episode_duration),
  };
}

function seasonData(season: Season): StructuredData {
  return {
    '@type': 'TVSeason',
    seasonNumber: season.season_number,
    name: text(season.title),
    numberOfEpisodes: season.episodes.length,
    episode: nonEmpty(season.episodes.map(episodeData)),
  };
}

/** A series page's TVSeries: its seasons (containsSeason) with their episodes. */
export function seriesStructuredData(series: SeriesDetail, origin: string): StructuredData {
  const year = String(series.serie_year);
  return {
    '@context': SCHEMA_ORG,
    '@type': 'TVSeries',
    name: series.serie_title,
    url: `${origin}/seriesdetail/${series.serie_id}`,
    description: text(series.serie_description),
    image: absoluteUrl(series.serie_image, origin),
    datePublished: year,
    startDate: year,
    genre: nonEmpty(genreNames(series.genres, series.genre_title)),
    actor: actors(series.casts),
    // As the page counts them: the seasons it lists, else the card's count.
    numberOfSeasons: series.seasons.length || series.seasons_count,
    aggregateRating: aggregateRating(series.avg_rating, series.series_reviews.length),
    containsSeason: nonEmpty(series.seasons.map(seasonData)),
  };
}

/** A movie page's Movie. */
export function movieStructuredData(movie: MovieDetail, origin: string): StructuredData {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Movie',
    name: movie.movie_title,
    url: `${origin}/moviedetail/${movie.movie_id}`,
    description: text(movie.movie_description),
    image: absoluteUrl(movie.movie_image, origin),
    datePublished: String(movie.movie_year),
    duration: isoDuration(movie.movie_duration),
    genre: nonEmpty(genreNames(movie.genres, movie.genre_title)),
    actor: actors(movie.casts),
    aggregateRating: aggregateRating(movie.avg_rating, movie.movies_reviews.length),
  };
}

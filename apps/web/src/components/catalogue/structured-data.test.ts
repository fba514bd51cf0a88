import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MovieDetail, Review, SeriesDetail } from '@bosphorus/contract';
import { isoDuration, movieStructuredData, seriesStructuredData } from './structured-data';
import { StructuredDataScript } from './structured-data-script';

const ORIGIN = 'https://bosphorus.example';

const review = (id: number, rating: number): Review => ({
  id,
  user: 'Ayşe',
  content: 'Good.',
  rating,
  published: '2025-01-02T10:00:00Z',
  fk_user_id: id,
  reviewedBy: { image_url: null },
  reviews_replies: [],
  spoiler: false,
  episode_id: null,
});

const MOVIE: MovieDetail = {
  movie_id: 12,
  movie_title: 'Ayla: The Daughter of War',
  movie_original_title: 'Ayla',
  movie_year: 2017,
  movie_duration: 125,
  movie_image: 'ayla-poster.webp',
  movie_cover: 'ayla-cover.webp',
  avg_rating: 9,
  genre_title: 'Drama, History',
  genres: [
    { genre_id: 4, genre_title: 'Drama' },
    { genre_id: 5, genre_title: 'History' },
  ],
  movie_description: 'A sergeant finds a little girl in the Korean War.',
  movie_trailer: null,
  casts: [
    { id: 1, name: 'İsmail Hacıoğlu', imageUrl: 'person-ismail.webp' },
    { id: 2, name: 'Kim Seol', imageUrl: '' },
  ],
  movies_reviews: [review(1, 9), review(2, 8)],
  is_wishlist: '0',
};

const SERIES: SeriesDetail = {
  serie_id: 7,
  serie_title: 'Diriliş: Ertuğrul',
  serie_original_title: 'Diriliş: Ertuğrul',
  serie_year: 2014,
  serie_image: 'https://cdn.example/dirilis-poster.webp',
  serie_cover: 'dirilis-cover.webp',
  serie_completion: 'ended',
  avg_rating: 8,
  genre_title: 'Action, History',
  seasons_count: 5,
  genres: [],
  serie_description: 'The Kayı tribe looks for a homeland.',
  serie_trailer: null,
  seasons: [
    {
      id: 1,
      title: 'Season 1',
      season_number: 1,
      episodes: [
        {
          episode_id: 101,
          episode_title: 'The Kayı at the Crossroads',
          episode_number: 1,
          episode_date: '2014-12-10',
          episode_image: 's1e1.webp',
          episode_duration: 118,
          season_finale: 0,
          story_minutes: 106,
          english_subtitles_coming: false,
        },
        {
          episode_id: 102,
          episode_title: 'Winter Quarters',
          episode_number: 2,
          episode_date: 'soon',
          episode_image: '',
          episode_duration: 0,
          season_finale: 1,
          story_minutes: null,
          english_subtitles_coming: false,
        },
      ],
    },
    { id: 2, title: 'Season 2', season_number: 2, episodes: [] },
  ],
  casts: [{ id: 1, name: 'Engin Altan Düzyatan', imageUrl: 'person-engin.webp' }],
  series_reviews: [review(3, 8)],
  is_wishlist: '0',
  is_notification_on: '0',
};

/** What a reader of the JSON-LD gets: undefined fields are not in the text. */
const asJson = (data: unknown) => JSON.parse(JSON.stringify(data)) as Record<string, unknown>;

describe('isoDuration', () => {
  it('writes minutes as an ISO 8601 duration', () => {
    expect(isoDuration(125)).toBe('PT2H5M');
    expect(isoDuration(45)).toBe('PT45M');
    expect(isoDuration(120)).toBe('PT2H');
    expect(isoDuration(59.6)).toBe('PT1H');
  });

  it('has none for a missing or non-positive length', () => {
    for (const minutes of [0, -5, Number.NaN, null, undefined]) expect(isoDuration(minutes)).toBeUndefined();
  });
});

describe('movieStructuredData', () => {
  it('describes the movie as a schema.org Movie with absolute addresses', () => {
    expect(asJson(movieStructuredData(MOVIE, ORIGIN))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Movie',
      name: 'Ayla: The Daughter of War',
      url: 'https://bosphorus.example/moviedetail/12',
      description: 'A sergeant finds a little girl in the Korean War.',
      image: 'https://bosphorus.example/uploads/ayla-poster.webp',
      datePublished: '2017',
      duration: 'PT2H5M',
      genre: ['Drama', 'History'],
      actor: [
        { '@type': 'Person', name: 'İsmail Hacıoğlu' },
        { '@type': 'Person', name: 'Kim Seol' },
      ],
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 9,
        ratingCount: 2,
        bestRating: 10,
        worstRating: 1,
      },
    });
  });

  it('leaves out what the title lacks: rating, cast, genres, description, image, length', () => {
    const bare = asJson(
      movieStructuredData(
        {
          ...MOVIE,
          avg_rating: undefined,
          movies_reviews: [],
          casts: [],
          genres: [],
          genre_title: '',
          movie_description: '  ',
          movie_image: '',
          movie_duration: 0,
        },
        ORIGIN,
      ),
    );
    expect(Object.keys(bare).sort()).toEqual(['@context', '@type', 'datePublished', 'name', 'url']);
  });
});

describe('seriesStructuredData', () => {
  const data = asJson(seriesStructuredData(SERIES, ORIGIN));

  it('describes the series as a schema.org TVSeries', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'TVSeries',
      name: 'Diriliş: Ertuğrul',
      url: 'https://bosphorus.example/seriesdetail/7',
      description: 'The Kayı tribe looks for a homeland.',
      // An image on another host keeps its own address.
      image: 'https://cdn.example/dirilis-poster.webp',
      datePublished: '2014',
      startDate: '2014',
      // Without genres[], the genre_title text (spec §3).
      genre: ['Action', 'History'],
      actor: [{ '@type': 'Person', name: 'Engin Altan Düzyatan' }],
      numberOfSeasons: 2,
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 8, ratingCount: 1, bestRating: 10 },
    });
  });

  it('holds each season with its episodes, their number and name', () => {
    expect(data.containsSeason).toEqual([
      {
        '@type': 'TVSeason',
        seasonNumber: 1,
        name: 'Season 1',
        numberOfEpisodes: 2,
        episode: [
          {
            '@type': 'TVEpisode',
            episodeNumber: 1,
            name: 'The Kayı at the Crossroads',
            datePublished: '2014-12-10',
            duration: 'PT1H58M',
          },
          // No air day that is not a day, no length of 0.
          { '@type': 'TVEpisode', episodeNumber: 2, name: 'Winter Quarters' },
        ],
      },
      { '@type': 'TVSeason', seasonNumber: 2, name: 'Season 2', numberOfEpisodes: 0 },
    ]);
  });

  it('counts the seasons from the card while none is listed', () => {
    const announced = asJson(seriesStructuredData({ ...SERIES, seasons: [] }, ORIGIN));
    expect(announced.numberOfSeasons).toBe(5);
    expect(announced).not.toHaveProperty('containsSeason');
  });
});

describe('StructuredDataScript', () => {
  it('writes a JSON-LD data block that no text of a title can end early', () => {
    const hostile = { ...MOVIE, movie_description: 'Fin.</script><script>alert(1)</script><!-- \u2028 end' };
    const html = renderToStaticMarkup(
      createElement(StructuredDataScript, { data: movieStructuredData(hostile, ORIGIN) }),
    );
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    const body = html.slice(html.indexOf('>') + 1, -'</script>'.length);
    expect(body).not.toMatch(/<\/script|<!--|\u2028/i);
    expect((JSON.parse(body) as { description: string }).description).toBe(hostile.movie_description);
  });
});

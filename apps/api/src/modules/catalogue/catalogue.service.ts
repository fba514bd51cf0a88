import {
  foldTurkish,
  NEW_ENGLISH_SUBTITLES_DAYS,
  NEW_ENGLISH_SUBTITLES_SIZE,
  LIST_PAGE_SIZE,
  storyMinutes,
  type CastMember,
  type EpisodeSummary,
  type GenreRef,
  type HomeBody,
  type LatestEpisode,
  type MovieCard,
  type MovieDetail,
  type MovieListQuery,
  type Review,
  type SeriesCard,
  type SeriesDetail,
  type SeriesListQuery,
  type Slider,
  type TitleReviewsBody,
} from '@bosphorus/contract';
import type {
  CatalogueRepository,
  GenreRow,
  LatestEpisodeRow,
  MovieRow,
  ReviewRow,
  SeriesRow,
} from './catalogue.repository.js';

// Home rows: how many items the API sends. The web app decides how many are
// visible at once (spec §9 slide counts).
export const HOME_ROW_SIZE = 12;
export const LATEST_EPISODES_SIZE = 9;
export const RECOMMENDATIONS_SIZE = 12;
export const SEARCH_RESULT_SIZE = 10;

const genreRefs = (genres: GenreRow[]): GenreRef[] => genres.map((g) => ({ genre_id: g.id, genre_title: g.title }));

/** A wide episode card of home's rows (Latest episodes, New with English subtitles). */
const toLatestEpisode = (e: LatestEpisodeRow): LatestEpisode => ({
  episode_id: e.id,
  episode_image: e.image,
  episode_number: e.number,
  episode_date: e.airDate,
  serie_id: e.seriesId,
  serie_title: e.seriesTitle,
  season_title: e.seasonTitle,
  episode_title: e.title,
  english_subtitles_coming: e.englishComing,
});

const genreTitle = (genres: GenreRow[]) => genres.map((g) => g.title).join(', ');

const withRating = (avg: number | null) => (avg === null ? {} : { avg_rating: avg });

export function toSeriesCard(row: SeriesRow): SeriesCard {
  return {
    serie_id: row.id,
    serie_title: row.title,
    serie_year: row.year,
    serie_image: row.image,
    serie_cover: row.cover,
    serie_completion: row.status,
    ...withRating(row.avgRating),
    genre_title: genreTitle(row.genres),
    seasons_count: row.seasonsCount,
  };
}

export function toMovieCard(row: MovieRow): MovieCard {
  return {
    movie_id: row.id,
    movie_title: row.title,
    movie_year: row.year,
    movie_duration: row.durationMinutes,
    movie_image: row.image,
    movie_cover: row.cover,
    ...withRating(row.avgRating),
    genre_title: genreTitle(row.genres),
  };
}

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    user: row.userName,
    content: row.content,
    rating: row.rating,
    published: row.createdAt,
    fk_user_id: row.userId,
    reviewedBy: { image_url: row.userAvatar },
    reviews_replies: row.replies.map((r) => ({
      id: r.id,
      user_name: r.userName,
      reply: r.reply,
      created_at: r.createdAt,
      fk_user_id: r.userId,
      repliedBy: { image_url: r.userAvatar },
    })),
    spoiler: row.spoiler,
    episode_id: row.episodeId,
  };
}

/** Spec §9: the title's rating is the rounded mean of its reviews' ratings, absent when there are none. */
export function avgRating(ratings: readonly number[]): number | null {
  if (!ratings.length) return null;
  // The same rounding as SQL's round(avg(rating)) on the cards: half away from zero.
  return Math.round(ratings.reduce((sum, r) => sum + r, 0) / ratings.length);
}

const toCast = (rows: { id: number; name: string; image: string }[]): CastMember[] =>
  rows.map((r) => ({ id: r.id, name: r.name, imageUrl: r.image }));

export interface Viewer {
  /** Verified user id, or null for a visitor. */
  userId: number | null;
  canPlay: boolean;
}

export const VISITOR: Viewer = { userId: null, canPlay: false };

export interface CatalogueServiceDeps {
  /**
   * Seconds of each episode of a series that are recap, credits or preview
   * (the markers module's repository, issue 28): the episode list's "… of story".
   */
  notStorySeconds?(seriesId: number): Promise<Map<number, number>>;
}

export function createCatalogueService(repo: CatalogueRepository, deps: CatalogueServiceDeps = {}) {
  async function seriesCards(ids: number[]) {
    return (await repo.seriesCards(ids)).map(toSeriesCard);
  }
  async function movieCards(ids: number[]) {
    return (await repo.movieCards(ids)).map(toMovieCard);
  }

  return {
    async home(viewer: Viewer): Promise<HomeBody> {
      const [featured, topS, topM, recentS, recentM, latest, newEnglish] = await Promise.all([
        repo.featured(),
        repo.topIds('series', HOME_ROW_SIZE),
        repo.topIds('movies', HOME_ROW_SIZE),
        repo.recentIds('series', HOME_ROW_SIZE),
        repo.recentIds('movies', HOME_ROW_SIZE),
        repo.latestEpisodes(LATEST_EPISODES_SIZE),
        repo.newWithEnglishSubtitles(NEW_ENGLISH_SUBTITLES_SIZE, NEW_ENGLISH_SUBTITLES_DAYS),
      ]);
      const sliderSeriesIds = featured.filter((f) => f.kind === 'series').map((f) => f.id);
      const sliderMovieIds = featured.filter((f) => f.kind === 'movie').map((f) => f.id);
      const [sCards, mCards, sExtra, mExtra] = await Promise.all([
        seriesCards([...new Set([...topS, ...recentS, ...sliderSeriesIds])]),
        movieCards([...new Set([...topM, ...recentM, ...sliderMovieIds])]),
        Promise.all(sliderSeriesIds.map((id) => repo.detailExtra('series', id))),
        Promise.all(sliderMovieIds.map((id) => repo.detailExtra('movies', id))),
      ]);
      const seriesById = new Map(sCards.map((c) => [c.serie_id, c]));
      const moviesById = new Map(mCards.map((c) => [c.movie_id, c]));
      const pick = <T>(map: Map<number, T>, ids: number[]) =>
        ids.map((id) => map.get(id)).filter((c): c is T => c !== undefined);

      const sliders: Slider[] = [];
      for (const f of featured) {
        if (f.kind === 'series') {
          const card = seriesById.get(f.id);
          const extra = sExtra[sliderSeriesIds.indexOf(f.id)];
          if (card && extra) {
            sliders.push({
              id: sliders.length + 1,
              image: card.serie_cover,
              series: { ...card, serie_description: extra.description, serie_trailer: extra.trailer },
            });
          }
        } else {
          const card = moviesById.get(f.id);
          const extra = mExtra[sliderMovieIds.indexOf(f.id)];
          if (card && extra) {
            sliders.push({
              id: sliders.length + 1,
              image: card.movie_cover,
              movie: { ...card, movie_description: extra.description, movie_trailer: extra.trailer },
            });
          }
        }
      }
      return {
        sliders,
        topSeries: pick(seriesById, topS),
        topMovies: pick(moviesById, topM),
        recentSeries: pick(seriesById, recentS),
        recentMovies: pick(moviesById, recentM),
        latestEpisodes: latest.map(toLatestEpisode),
        newWithEnglishSubtitles: newEnglish.map(toLatestEpisode),
        canPlay: viewer.canPlay,
      };
    },

    async listSeries(q: SeriesListQuery) {
      const { ids, total } = await repo.listPage('series', {
        genres: q.genre,
        years: q.year,
        status: q.status,
        sort: q.sortby,
        search: foldTurkish(q.search),
        limit: LIST_PAGE_SIZE,
        offset: (q.page - 1) * LIST_PAGE_SIZE,
      });
      return { series: await seriesCards(ids), total_pages: Math.ceil(total / LIST_PAGE_SIZE) };
    },

    async listMovies(q: MovieListQuery) {
      const { ids, total } = await repo.listPage('movies', {
        genres: q.genre,
        years: q.year,
        status: null,
        sort: q.sortby,
        search: foldTurkish(q.search),
        limit: LIST_PAGE_SIZE,
        offset: (q.page - 1) * LIST_PAGE_SIZE,
      });
      return { movies: await movieCards(ids), total_pages: Math.ceil(total / LIST_PAGE_SIZE) };
    },

    async search(text: string) {
      const search = foldTurkish(text);
      const filter = { genres: [], years: [], status: null, sort: null, search, limit: SEARCH_RESULT_SIZE, offset: 0 };
      if (!search) return { movies: [], series: [] };
      const [m, s] = await Promise.all([repo.listPage('movies', filter), repo.listPage('series', filter)]);
      const [movies, series] = await Promise.all([movieCards(m.ids), seriesCards(s.ids)]);
      return { movies, series };
    },

    async recommendations(movieId: number | null) {
      return { movies: await movieCards(await repo.recommendedMovieIds(movieId, RECOMMENDATIONS_SIZE)) };
    },

    /** A published title's reviews alone (the watch pages'); null when there is no such title. */
    async reviews(kind: 'movie' | 'series', id: number): Promise<TitleReviewsBody | null> {
      const table = kind === 'movie' ? 'movies' : 'series';
      const [extra, rows] = await Promise.all([repo.detailExtra(table, id), repo.reviews(table, id)]);
      if (!extra) return null;
      return { reviews: rows.map(toReview), ...withRating(avgRating(rows.map((r) => r.rating))) };
    },

    async movie(id: number, viewer: Viewer): Promise<{ movie: MovieDetail; canPlay: boolean } | null> {
      const [[card], extra, cast, reviews] = await Promise.all([
        repo.movieCards([id]),
        repo.detailExtra('movies', id),
        repo.cast('movies', id),
        repo.reviews('movies', id),
      ]);
      if (!card || !extra) return null;
      return {
        movie: {
          ...toMovieCard(card),
          movie_original_title: card.originalTitle,
          genres: genreRefs(card.genres),
          movie_description: extra.description,
          movie_trailer: extra.trailer,
          casts: toCast(cast),
          movies_reviews: reviews.map(toReview),
          is_wishlist: '0',
        },
        canPlay: viewer.canPlay,
      };
    },

    async series(id: number, viewer: Viewer): Promise<{ series: SeriesDetail; canPlay: boolean } | null> {
      const [[card], extra, cast, reviews, seasons, episodes, notStory] = await Promise.all([
        repo.seriesCards([id]),
        repo.detailExtra('series', id),
        repo.cast('series', id),
        repo.reviews('series', id),
        repo.seasons(id),
        repo.episodes(id),
        deps.notStorySeconds?.(id) ?? new Map<number, number>(),
      ]);
      if (!card || !extra) return null;
      const bySeason = new Map<number, EpisodeSummary[]>();
      for (const e of episodes) {
        const list = bySeason.get(e.seasonId) ?? [];
        list.push({
          episode_id: e.id,
          episode_title: e.title,
          episode_number: e.number,
          episode_date: e.airDate,
          episode_image: e.image,
          episode_duration: e.durationMinutes,
          season_finale: e.seasonFinale ? 1 : 0,
          story_minutes: storyMinutes(e.durationMinutes, notStory.get(e.id)),
          english_subtitles_coming: e.englishComing,
        });
        bySeason.set(e.seasonId, list);
      }
      return {
        series: {
          ...toSeriesCard(card),
          serie_original_title: card.originalTitle,
          genres: genreRefs(card.genres),
          serie_description: extra.description,
          serie_trailer: extra.trailer,
          seasons: seasons.map((s) => ({
            id: s.id,
            title: s.title,
            season_number: s.number,
            episodes: bySeason.get(s.id) ?? [],
          })),
          casts: toCast(cast),
          series_reviews: reviews.map(toReview),
          is_wishlist: '0',
          is_notification_on: '0',
        },
        canPlay: viewer.canPlay,
      };
    },

    async promotion() {
      const promo = await repo.activePromotion();
      return { text: promo?.text ?? null, color: promo?.color ?? null };
    },

    shareInfo: repo.shareInfo,
    episodeIsOut: repo.episodeIsOut,

    /** Cover of the first hero slide (the home page's LCP image), or null. */
    async heroCover(): Promise<string | null> {
      const [first] = await repo.featured();
      if (!first) return null;
      const [card] = first.kind === 'series' ? await repo.seriesCards([first.id]) : await repo.movieCards([first.id]);
      return card?.cover || null;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

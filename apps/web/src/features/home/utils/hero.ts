import { HERO_TAP_MAX_WIDTH_PX, seasonCountLabel, type Slider } from '@bosphorus/contract';
import { formatDuration, genreNames } from '../../../components/catalogue/format';
import { gateWithNext, watchNowTarget } from '../../../lib/watch-now';

/** One hero slide as the view needs it, whatever the slider carries. */
export interface HeroSlide {
  key: string;
  kind: 'series' | 'movie';
  id: number;
  title: string;
  year: number;
  genres: string[];
  rating: number | undefined;
  description: string;
  /** 16:9 cover file (the slider's own image, else the title's cover). */
  image: string;
  /** '3 Seasons' for a series, '2h 5m' for a movie. */
  extent: string;
  /** Ongoing or ended, for series only. */
  status: 'ongoing' | 'ended' | null;
  detailHref: string;
}

/** Maps a slider of GET /home to a slide; null when it carries no title. */
export function toHeroSlide(slider: Slider): HeroSlide | null {
  if (slider.series) {
    const s = slider.series;
    return {
      key: `series-${s.serie_id}`,
      kind: 'series',
      id: s.serie_id,
      title: s.serie_title,
      year: s.serie_year,
      genres: genreNames([], s.genre_title),
      rating: s.avg_rating,
      description: s.serie_description,
      image: slider.image || s.serie_cover,
      extent: seasonCountLabel(s.seasons_count),
      status: s.serie_completion,
      detailHref: `/seriesdetail/${s.serie_id}`,
    };
  }
  if (slider.movie) {
    const m = slider.movie;
    return {
      key: `movie-${m.movie_id}`,
      kind: 'movie',
      id: m.movie_id,
      title: m.movie_title,
      year: m.movie_year,
      genres: genreNames([], m.genre_title),
      rating: m.avg_rating,
      description: m.movie_description,
      image: slider.image || m.movie_cover,
      extent: formatDuration(m.movie_duration),
      status: null,
      detailHref: `/moviedetail/${m.movie_id}`,
    };
  }
  return null;
}

/**
 * Spec §4 Watch Now from the hero. A visitor signs in first. A movie opens
 * its player (or the plan choice). The slider does not know a series'
 * episodes, so a signed-in user lands on the series' episode list, where the
 * detail page applies the same rule to its first episode.
 */
export function heroWatchNowHref(slide: HeroSlide, viewer: { loggedIn: boolean; canPlay: boolean | null }): string {
  if (slide.kind === 'movie') return watchNowTarget({ ...viewer, kind: 'movie', id: slide.id });
  const episodes = `${slide.detailHref}#episodes`;
  return viewer.loggedIn ? episodes : gateWithNext('/signin', episodes);
}

/** Spec §9: tapping the hero card opens the title only below 592 px. */
export function heroTapOpensDetail(viewportWidthPx: number): boolean {
  return viewportWidthPx < HERO_TAP_MAX_WIDTH_PX;
}

/** A pointer that moved further than this between down and up was a drag. */
export const TAP_SLOP_PX = 10;

/** Spec §4: a touch drag never navigates; only a short, still press is a tap. */
export function isTap(start: { x: number; y: number } | null, end: { x: number; y: number }): boolean {
  if (!start) return true;
  return Math.hypot(end.x - start.x, end.y - start.y) <= TAP_SLOP_PX;
}

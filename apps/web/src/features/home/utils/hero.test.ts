import { describe, expect, it } from 'vitest';
import { HERO_TAP_MAX_WIDTH_PX, type Slider } from '@bosphorus/contract';
import { heroTapOpensDetail, heroWatchNowHref, isTap, TAP_SLOP_PX, toHeroSlide } from './hero';

const seriesSlider: Slider = {
  id: 1,
  image: 'dirilis-ertugrul-cover.webp',
  series: {
    serie_id: 7,
    serie_title: 'Diriliş: Ertuğrul',
    serie_year: 2014,
    serie_image: 'dirilis-ertugrul-poster.webp',
    serie_cover: 'dirilis-ertugrul-cover.webp',
    serie_completion: 'ended',
    avg_rating: 9,
    genre_title: 'History, Drama',
    seasons_count: 5,
    serie_description: 'A warrior and his tribe.',
    serie_trailer: null,
  },
};

const movieSlider: Slider = {
  id: 2,
  image: '',
  movie: {
    movie_id: 3,
    movie_title: 'Ayla',
    movie_year: 2017,
    movie_duration: 125,
    movie_image: 'ayla-poster.webp',
    movie_cover: 'ayla-cover.webp',
    genre_title: 'Drama',
    movie_description: 'A soldier and a girl.',
    movie_trailer: null,
  },
};

describe('toHeroSlide', () => {
  it('maps a series slider with its seasons, status and detail link', () => {
    expect(toHeroSlide(seriesSlider)).toEqual({
      key: 'series-7',
      kind: 'series',
      id: 7,
      title: 'Diriliş: Ertuğrul',
      year: 2014,
      genres: ['History', 'Drama'],
      rating: 9,
      description: 'A warrior and his tribe.',
      image: 'dirilis-ertugrul-cover.webp',
      extent: '5 Seasons',
      status: 'ended',
      detailHref: '/seriesdetail/7',
    });
  });

  it("maps a movie slider, falling back to the movie's cover", () => {
    const slide = toHeroSlide(movieSlider)!;
    expect(slide.kind).toBe('movie');
    expect(slide.image).toBe('ayla-cover.webp');
    expect(slide.genres).toEqual(['Drama']);
    expect(slide.extent).toBe('2h 5m');
    expect(slide.status).toBeNull();
    expect(slide.rating).toBeUndefined();
    expect(slide.detailHref).toBe('/moviedetail/3');
  });

  it('says "1 Season" for a single season and skips an empty slider', () => {
    expect(toHeroSlide({ ...seriesSlider, series: { ...seriesSlider.series!, seasons_count: 1 } })!.extent).toBe(
      '1 Season',
    );
    expect(toHeroSlide({ id: 9, image: 'x.webp' })).toBeNull();
  });
});

describe('heroWatchNowHref (spec §4 Watch Now)', () => {
  const movie = toHeroSlide(movieSlider)!;
  const series = toHeroSlide(seriesSlider)!;

  it('sends a visitor to sign in, for movies and series alike', () => {
    expect(heroWatchNowHref(movie, { loggedIn: false, canPlay: true })).toBe('/signin?next=%2Fwatch%2F3');
    expect(heroWatchNowHref(series, { loggedIn: false, canPlay: true })).toBe(
      '/signin?next=%2Fseriesdetail%2F7%23episodes',
    );
  });

  it('opens the movie player, or the plan choice when the user cannot play', () => {
    expect(heroWatchNowHref(movie, { loggedIn: true, canPlay: true })).toBe('/watch/3');
    expect(heroWatchNowHref(movie, { loggedIn: true, canPlay: false })).toBe('/choosepayment?next=%2Fwatch%2F3');
  });

  it("opens the movie player while a signed-in user's own answer is not in (its route decides)", () => {
    expect(heroWatchNowHref(movie, { loggedIn: true, canPlay: null })).toBe('/watch/3');
  });

  it("takes a signed-in user to the series' episodes", () => {
    expect(heroWatchNowHref(series, { loggedIn: true, canPlay: true })).toBe('/seriesdetail/7#episodes');
    expect(heroWatchNowHref(series, { loggedIn: true, canPlay: false })).toBe('/seriesdetail/7#episodes');
  });
});

describe('hero card tap (spec §9, §4)', () => {
  it('opens the title only below 592 px', () => {
    expect(heroTapOpensDetail(390)).toBe(true);
    expect(heroTapOpensDetail(HERO_TAP_MAX_WIDTH_PX - 1)).toBe(true);
    expect(heroTapOpensDetail(HERO_TAP_MAX_WIDTH_PX)).toBe(false);
    expect(heroTapOpensDetail(1440)).toBe(false);
  });

  it('treats a press that moved as a drag, not a tap', () => {
    expect(isTap({ x: 100, y: 100 }, { x: 100, y: 100 })).toBe(true);
    expect(isTap({ x: 100, y: 100 }, { x: 100 + TAP_SLOP_PX, y: 100 })).toBe(true);
    expect(isTap({ x: 100, y: 100 }, { x: 60, y: 102 })).toBe(false);
    expect(isTap({ x: 100, y: 100 }, { x: 100, y: 130 })).toBe(false);
  });

  it('counts a click without a recorded press (keyboard, assistive tech) as a tap', () => {
    expect(isTap(null, { x: 0, y: 0 })).toBe(true);
  });
});

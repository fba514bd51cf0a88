// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import {
  ENGLISH_SUBTITLES_TEXTS,
  HOME_ROWS,
  MESSAGES,
  type HomeBody,
  type LatestEpisode,
  type MovieCard,
  type SeriesCard,
} from '@bosphorus/contract';
import { HomeRows } from './home-rows';
import { RowsSkeleton } from './home-skeleton';

// Issue 28: home's "New with English subtitles" row (after Latest episodes,
// drawn like it), and "English subtitles coming" on an episode card.

class NoObserver {
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', NoObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const episode = (id: number, title: string, coming = false): LatestEpisode => ({
  episode_id: id,
  episode_image: `still-${id}.webp`,
  episode_number: id,
  episode_date: '2026-11-20',
  serie_id: 3,
  serie_title: 'Kuruluş Osman',
  season_title: 'Season 2',
  episode_title: title,
  english_subtitles_coming: coming,
});

const home = (parts: Partial<HomeBody>): HomeBody => ({
  sliders: [],
  topSeries: [],
  topMovies: [],
  recentSeries: [],
  recentMovies: [],
  latestEpisodes: [],
  newWithEnglishSubtitles: [],
  canPlay: false,
  ...parts,
});

const series = (id: number): SeriesCard => ({
  serie_id: id,
  serie_title: `Series ${id}`,
  serie_year: 2020,
  serie_image: `poster-s${id}.webp`,
  serie_cover: `cover-s${id}.webp`,
  serie_completion: 'ongoing',
  genre_title: 'Drama',
  seasons_count: 1,
});
const movie = (id: number): MovieCard => ({
  movie_id: id,
  movie_title: `Movie ${id}`,
  movie_year: 2021,
  movie_duration: 120,
  movie_image: `poster-m${id}.webp`,
  movie_cover: `cover-m${id}.webp`,
  genre_title: 'Drama',
});

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('HomeRows', () => {
  it('draws every row of HOME_ROWS in its order, each with its own cards, and its skeletons stand in the same order', () => {
    const full = home({
      topSeries: [series(1)],
      recentSeries: [series(2)],
      latestEpisodes: [episode(3, 'Üçüncü')],
      newWithEnglishSubtitles: [episode(4, 'Dördüncü')],
      topMovies: [movie(5)],
      recentMovies: [movie(6)],
    });
    const { unmount } = render(
      <MemoryRouter>
        <HomeRows home={full} />
      </MemoryRouter>,
    );
    expect(headings()).toEqual(HOME_ROWS.map((row) => row.label));
    const links = (label: string) =>
      within(screen.getByRole('region', { name: label }))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'))
        .filter((href) => /detail\//.test(href ?? ''));
    expect(links(MESSAGES.topSeries)).toEqual(['/seriesdetail/1']);
    expect(links(MESSAGES.recentSeries)).toEqual(['/seriesdetail/2']);
    expect(links(MESSAGES.latestEpisodes)).toEqual(['/seriesdetail/3']);
    expect(links(ENGLISH_SUBTITLES_TEXTS.homeRow)).toEqual(['/seriesdetail/3']);
    expect(links(MESSAGES.topMovies)).toEqual(['/moviedetail/5']);
    expect(links(MESSAGES.recentMovies)).toEqual(['/moviedetail/6']);
    unmount();

    const { container } = render(<RowsSkeleton />);
    expect([...container.querySelectorAll('.row__title')].map((title) => title.textContent)).toEqual(
      HOME_ROWS.map((row) => row.label),
    );
  });

  it('draws "New with English subtitles" after Latest episodes, with its cards', () => {
    render(
      <MemoryRouter>
        <HomeRows
          home={home({
            latestEpisodes: [episode(6, 'Yeni Bölüm', true), episode(5, 'Sefer')],
            newWithEnglishSubtitles: [episode(5, 'Sefer')],
          })}
        />
      </MemoryRouter>,
    );
    expect(ENGLISH_SUBTITLES_TEXTS.homeRow).toBe('New with English subtitles');
    expect(headings()).toEqual([MESSAGES.latestEpisodes, ENGLISH_SUBTITLES_TEXTS.homeRow]);
    const row = screen.getByRole('region', { name: ENGLISH_SUBTITLES_TEXTS.homeRow });
    expect(within(row).getAllByRole('link', { name: /Sefer/ }).length).toBeGreaterThan(0);
    expect(within(row).queryByText(ENGLISH_SUBTITLES_TEXTS.coming)).toBeNull();
    // The latest episode out before its English track says so; the other does not.
    const latest = screen.getByRole('region', { name: MESSAGES.latestEpisodes });
    const coming = within(latest).getAllByText(ENGLISH_SUBTITLES_TEXTS.coming);
    expect(coming).toHaveLength(1);
    expect(coming[0]!.closest('a')!.textContent).toContain('Yeni Bölüm');
  });

  it('leaves the row out when no English track came out lately', () => {
    render(
      <MemoryRouter>
        <HomeRows home={home({ latestEpisodes: [episode(6, 'Yeni Bölüm')] })} />
      </MemoryRouter>,
    );
    expect(headings()).toEqual([MESSAGES.latestEpisodes]);
  });
});

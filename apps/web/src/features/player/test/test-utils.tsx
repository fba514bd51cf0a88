import type { ReactNode } from 'react';
import { Route, useLocation } from 'react-router';
import { DEFAULT_SUBTITLE_SETTINGS, type PlayerSeason, type WatchEpisode, type WatchMovie } from '@bosphorus/contract';
import { renderRoute } from '../../../test/render';
import { signIn } from '../../../test/session';

// Test helpers of the player feature (the generic ones are in src/test):
// watch answers, and a render with a /choosepayment page that shows its
// router state.

export const MAIN = 'https://media.example.com';
export const BACKUP = 'https://media.example.net';
export const TOKEN = 'v1.k1.cGF5bG9hZA.c2lnbmF0dXJl';
export const FUTURE = '2999-01-01T00:00:00.000Z';

export const SUBSCRIBER = {
  user_id: 7,
  user_name: 'Ayşe',
  user_email: 'ayse@example.com',
  user_status: '1',
};

export function signInSubscriber(accessToken = 'header.payload.signature') {
  signIn(SUBSCRIBER, accessToken);
}

export function watchMovie(overrides: Partial<WatchMovie> = {}): WatchMovie {
  return {
    movie_id: 11,
    movie_title: 'Kış Uykusu',
    movie_year: 2014,
    movie_duration: 196,
    movie_image: 'kis.webp',
    movie_cover: 'kis-cover.webp',
    avg_rating: 8,
    genre_title: 'Drama',
    movie_description: 'A hotel owner in Cappadocia and the winter that changes him.',
    movie_link: `${MAIN}/player`,
    backup_link: `${BACKUP}/player`,
    playback_token: TOKEN,
    playback_expires_at: FUTURE,
    progress: null,
    subtitle_settings: DEFAULT_SUBTITLE_SETTINGS,
    ...overrides,
  };
}

const ep = (episode_id: number, episode_number: number, season_finale: 0 | 1 = 0) => ({
  episode_id,
  episode_number,
  episode_title: `Bölüm ${episode_number}`,
  episode_image: `e${episode_id}.webp`,
  episode_duration: 45,
  season_finale,
  story_minutes: null,
});

export const SEASONS: PlayerSeason[] = [
  { id: 1, title: 'Season 1', season_number: 1, episodes: [ep(101, 1), ep(102, 2), ep(103, 3, 1)] },
  { id: 2, title: 'Season 2', season_number: 2, episodes: [ep(201, 1), ep(202, 2)] },
];

const ref = (id: number, number: number, seasonId: number) => ({
  id,
  episode_number: number,
  episode_title: `Bölüm ${number}`,
  season_id: seasonId,
  season_title: `Season ${seasonId}`,
});

/** Episode 2 of season 1 (the middle of a season). */
export function watchEpisode(overrides: Partial<WatchEpisode> = {}): WatchEpisode {
  return {
    episode_id: 102,
    episode_title: 'Bölüm 2',
    episode_number: 2,
    episode_date: '2024-03-04',
    episode_image: 'e102.webp',
    episode_duration: 45,
    episode_link: `${MAIN}/player`,
    season_finale: 0,
    markers: [],
    auto_skip: false,
    auto_skip_here: false,
    previous_episode: ref(101, 1, 1),
    next_episode: ref(103, 3, 1),
    is_first_episode_of_season: false,
    is_season_final: false,
    season: { id: 1, title: 'Season 1', season_number: 1 },
    season_id: 1,
    seasons: SEASONS,
    serie: { serie_id: 5, serie_title: 'Diriliş: Ertuğrul', serie_image: 'dirilis.webp' },
    playback_token: TOKEN,
    playback_expires_at: FUTURE,
    backup_link: `${BACKUP}/player`,
    progress: null,
    subtitle_settings: DEFAULT_SUBTITLE_SETTINGS,
    ...overrides,
  };
}

/** The last episode of season 1: a finale, next is season 2. */
export const SEASON_FINAL = (): WatchEpisode =>
  watchEpisode({
    episode_id: 103,
    episode_title: 'Bölüm 3',
    episode_number: 3,
    season_finale: 1,
    previous_episode: ref(102, 2, 1),
    next_episode: ref(201, 1, 2),
    is_season_final: true,
  });

/** The first episode of season 2: previous is season 1's last. */
export const SEASON_START = (): WatchEpisode =>
  watchEpisode({
    episode_id: 201,
    episode_title: 'Bölüm 1',
    episode_number: 1,
    previous_episode: ref(103, 3, 1),
    next_episode: ref(202, 2, 2),
    is_first_episode_of_season: true,
    season: { id: 2, title: 'Season 2', season_number: 2 },
    season_id: 2,
  });

function ChoosePayment() {
  const location = useLocation();
  const state = location.state as { message?: string } | null;
  return <main data-testid="choosepayment">{state?.message ?? ''}</main>;
}

/** The watch page at `url`; the plan redirect lands on a page showing its message. */
export function renderWatchRoute(url: string, path: string, element: ReactNode) {
  return renderRoute(url, path, element, {
    routes: <Route path="/choosepayment" element={<ChoosePayment />} />,
    search: true,
  });
}

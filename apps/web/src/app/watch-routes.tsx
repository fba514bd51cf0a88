import { RequireAuth } from '../features/auth/components/require-auth';
import { EpisodeWatchPage } from '../features/player/components/episode-watch-page';
import { MovieWatchPage } from '../features/player/components/movie-watch-page';
import { TitleReviews } from '../features/reviews/components/title-reviews';

// The watch routes (spec §2 Watch, Episode player), behind RequireAuth
// 'player': each watch page with the reviews feature's section, which
// fetches the reviews alone (the watch answer does not carry them).

export function MovieWatchRoute() {
  return (
    <RequireAuth need="player">
      <MovieWatchPage renderReviews={(movie) => <TitleReviews kind="movie" titleId={movie.movie_id} />} />
    </RequireAuth>
  );
}

export function EpisodeWatchRoute() {
  return (
    <RequireAuth need="player">
      <EpisodeWatchPage
        renderReviews={(episode) => (
          <TitleReviews kind="series" titleId={episode.serie.serie_id} episodeId={episode.episode_id} />
        )}
      />
    </RequireAuth>
  );
}

import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { isPlayNow } from '../../../lib/watch-now';
import { startAtOf } from '../utils/report-fields';
import { MESSAGES, type WatchMovie } from '@bosphorus/contract';
import { describeDuration, formatDuration, parseDetailId } from '../../../components/catalogue/format';
import { ShareButtons } from '../../../components/catalogue/share-buttons';
import { DetailLoadError, TitleNotFound } from '../../../components/catalogue/title-not-found';
import { isTitleNotFound } from '../../../components/catalogue/use-detail-page';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { ChevronLeftIcon } from '../../../components/ui/icons';
import { useRememberMovieSubtitles, useRenewMovieToken, useWatchMovie } from '../api/get-watch-movie';
import { usePlanRedirect } from '../hooks/use-plan-redirect';
import { useWatchPlayer } from '../hooks/use-watch-player';
import type { PlayableAnswer } from '../utils/player-link';
import { PlayerControls } from './player-controls';
import { PlayerStage } from './player-stage';
import { ReportDialog } from './report-dialog';
import { WatchSkeleton } from './watch-states';
import '../../../components/catalogue/detail.css';
import '../player.css';

// Spec §2 Watch (movie), /watch/{id} behind RequireAuth 'player': title,
// the player, Main Server / Backup Server, Reload Player, share buttons and
// the reviews as on the detail page. A Report button too (the spec puts the
// dialog on the episode player; a broken film deserves one as well). The
// reviews are the reviews feature's: the route hands them in
// (app/watch-routes.tsx).

export interface MovieWatchPageProps {
  /** The reviews section of the movie, after the share buttons. */
  renderReviews?: (movie: WatchMovie) => ReactNode;
}

export function MovieWatchPage({ renderReviews }: MovieWatchPageProps) {
  const { id: rawId } = useParams();
  const id = parseDetailId(rawId);
  const watch = useWatchMovie(id);
  const blocked = usePlanRedirect(watch.error);

  if (id === null) return <TitleNotFound kind="movie" />;
  if (blocked) return <WatchSkeleton kind="movie" />;
  if (watch.isPending) return <WatchSkeleton kind="movie" />;
  if (!watch.data) {
    if (isTitleNotFound(watch.error)) return <TitleNotFound kind="movie" />;
    return <DetailLoadError onRetry={() => void watch.refetch()} retrying={watch.isFetching} />;
  }
  return <MovieWatchView key={id} movie={watch.data.movie} renderReviews={renderReviews} />;
}

export function movieAnswer(movie: WatchMovie): PlayableAnswer {
  return {
    mainLink: movie.movie_link,
    backupLink: movie.backup_link,
    token: movie.playback_token,
    expiresAt: movie.playback_expires_at,
    progress: movie.progress,
    subtitleSettings: movie.subtitle_settings,
  };
}

function MovieWatchView({ movie, renderReviews }: MovieWatchPageProps & { movie: WatchMovie }) {
  const renewToken = useRenewMovieToken(movie.movie_id);
  const rememberSubtitles = useRememberMovieSubtitles(movie.movie_id);
  const answer = useMemo(() => movieAnswer(movie), [movie]);
  const [params] = useSearchParams();
  // Opened by Watch Now (or a Continue Watching card): the player starts at once.
  const autoplay = isPlayNow(useLocation().state);
  const player = useWatchPlayer({
    videoType: 'movie',
    videoId: movie.movie_id,
    answer,
    renewToken,
    onSettings: rememberSubtitles,
    backTo: `/moviedetail/${movie.movie_id}`,
    startAt: startAtOf(params),
    upNext: { autoplay },
  });
  const [reporting, setReporting] = useState(false);
  useDocumentTitle(pageTitle(`Watch ${movie.movie_title} (${movie.movie_year})`));

  const duration = formatDuration(movie.movie_duration);
  const detailHref = `/moviedetail/${movie.movie_id}`;

  return (
    <main id="main" className="watch-page" data-nav-tv-scope="">
      <PlayerStage player={player} title={movie.movie_title} />
      <div className="watch-body" data-nav-scroll="">
        <div className="watch-info">
          <div className="watch-head">
            <p className="watch-head__kicker">
              <Link to={detailHref} className="watch-head__back">
                <ChevronLeftIcon />
                Movie details
              </Link>
            </p>
            <h1 className="watch-head__title">{movie.movie_title}</h1>
            <p className="watch-head__meta">
              <span>{movie.movie_year}</span>
              {duration ? (
                <span>
                  <span aria-hidden="true">{duration}</span>
                  <span className="visually-hidden">{describeDuration(movie.movie_duration)}</span>
                </span>
              ) : null}
              {movie.genre_title ? <span>{movie.genre_title}</span> : null}
              <span>{MESSAGES.subtitlesEng}</span>
            </p>
          </div>
          <PlayerControls
            player={player}
            onReport={() => {
              // The dialog covers the video: it stops while the viewer writes (issue 15).
              player.pause();
              setReporting(true);
            }}
          />
        </div>
        {movie.movie_description ? <p className="watch-description">{movie.movie_description}</p> : null}
        <ShareButtons
          url={`${window.location.origin}${detailHref}`}
          title={`${movie.movie_title} (${movie.movie_year})`}
        />
        {renderReviews?.(movie)}
      </div>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        context={{
          serieTitle: movie.movie_title,
          episodeTitle: '',
          frameSrc: player.reportSrc,
          position: player.getPosition,
        }}
      />
    </main>
  );
}

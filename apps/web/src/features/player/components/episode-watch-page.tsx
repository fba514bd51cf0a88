import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isPlayNow, PLAY_NOW } from '../../../lib/watch-now';
import { startAtOf } from '../utils/report-fields';
import { MESSAGES, type WatchEpisode } from '@bosphorus/contract';
import { parseDetailId } from '../../../components/catalogue/format';
import { DetailLoadError } from '../../../components/catalogue/title-not-found';
import { isTitleNotFound } from '../../../components/catalogue/use-detail-page';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { useRememberEpisodeSubtitles, useRenewEpisodeToken, useWatchEpisode } from '../api/get-watch-episode';
import { usePlanRedirect } from '../hooks/use-plan-redirect';
import { useWatchPlayer } from '../hooks/use-watch-player';
import { describeRef, nextStep, previousStep, type EpisodeStep } from '../utils/episode-nav';
import { stillWatching, upNextOf } from '../utils/up-next';
import type { PlayableAnswer } from '../utils/player-link';
import { AutoSkipSwitch } from './auto-skip-switch';
import { EpisodeList } from './episode-list';
import { PlayerControls } from './player-controls';
import { PlayerStage } from './player-stage';
import { ReportDialog } from './report-dialog';
import { EpisodeNotFound, WatchSkeleton } from './watch-states';
import '../../../components/catalogue/detail.css';
import '../player.css';

// Spec §2 Episode player, /watchEpisodes/{id} behind RequireAuth 'player':
// series title, season title, episode title, the 'Season Finale' badge,
// previous/next (labelled 'season' at season borders), the frame, Main
// Server / Backup Server, Report and Reload Player, the report dialog and
// the episode list, then the reviews of the episode (decision 0021), which
// are the reviews feature's: the route hands them in (app/watch-routes.tsx).

export interface EpisodeWatchPageProps {
  /** The reviews section of the episode, after the episode list. */
  renderReviews?: (episode: WatchEpisode) => ReactNode;
}

export function EpisodeWatchPage({ renderReviews }: EpisodeWatchPageProps) {
  const { id: rawId } = useParams();
  const id = parseDetailId(rawId);
  const watch = useWatchEpisode(id);
  const blocked = usePlanRedirect(watch.error, watch.data?.canPlay ?? true);

  if (id === null) return <EpisodeNotFound />;
  if (blocked) return <WatchSkeleton kind="episode" />;
  if (watch.isPending) return <WatchSkeleton kind="episode" />;
  if (!watch.data) {
    if (isTitleNotFound(watch.error)) return <EpisodeNotFound />;
    return <DetailLoadError onRetry={() => void watch.refetch()} retrying={watch.isFetching} />;
  }
  // Keyed by id: the next episode starts with a fresh player, and the one
  // left behind saves its position on the way out.
  return <EpisodeWatchView key={id} episode={watch.data.episode} renderReviews={renderReviews} />;
}

export function episodeAnswer(episode: WatchEpisode): PlayableAnswer {
  return {
    mainLink: episode.episode_link,
    backupLink: episode.backup_link,
    token: episode.playback_token,
    expiresAt: episode.playback_expires_at,
    progress: episode.progress,
    subtitleSettings: episode.subtitle_settings,
  };
}

export function episodeDocumentTitle(episode: WatchEpisode): string {
  return pageTitle(`${episode.serie.serie_title} · ${episode.season.title} · Episode ${episode.episode_number}`);
}

/**
 * The next-episode card (decision 0072): at the end, what follows (or
 * nothing at the last episode) and whether to ask first; the choice opens
 * the next episode, which starts by itself. A key press, a touch or a
 * click here or in the player starts the still-watching count again.
 */
function useNextEpisode(episode: WatchEpisode) {
  const navigate = useNavigate();
  const location = useLocation();
  const autoplay = isPlayNow(location.state);
  const next = upNextOf(episode);

  useEffect(() => {
    const input = () => stillWatching.input();
    window.addEventListener('keydown', input, true);
    window.addEventListener('pointerdown', input, true);
    return () => {
      window.removeEventListener('keydown', input, true);
      window.removeEventListener('pointerdown', input, true);
    };
  }, []);

  return {
    autoplay,
    onEnded: () => (next ? { label: next.label, title: next.title, ask: stillWatching.shouldAsk() } : null),
    onNext: (auto: boolean) => {
      if (!next) return;
      if (auto) stillWatching.autoAdvanced();
      else stillWatching.input();
      void navigate(`/watchEpisodes/${next.id}`, { state: PLAY_NOW });
    },
    onActivity: () => stillWatching.input(),
  };
}

function EpisodeWatchView({ episode, renderReviews }: EpisodeWatchPageProps & { episode: WatchEpisode }) {
  const renewToken = useRenewEpisodeToken(episode.episode_id);
  const rememberSubtitles = useRememberEpisodeSubtitles(episode.episode_id);
  const answer = useMemo(() => episodeAnswer(episode), [episode]);
  const upNext = useNextEpisode(episode);
  const [params] = useSearchParams();
  const player = useWatchPlayer({
    videoType: 'episode',
    videoId: episode.episode_id,
    answer,
    renewToken,
    onSettings: rememberSubtitles,
    backTo: `/seriesdetail/${episode.serie.serie_id}`,
    upNext,
    startAt: startAtOf(params),
    markers: episode.markers,
    autoSkip: episode.auto_skip_here,
  });
  const [reporting, setReporting] = useState(false);
  useDocumentTitle(episodeDocumentTitle(episode));

  return (
    <main id="main" className="watch-page" data-nav-tv-scope="">
      <PlayerStage
        player={player}
        title={`${episode.serie.serie_title}, ${episode.season.title}, Episode ${episode.episode_number}`}
      />
      <div className="watch-body" data-nav-scroll="">
        <div className="watch-info">
          <div className="watch-head">
            <p className="watch-head__kicker">
              <Link to={`/seriesdetail/${episode.serie.serie_id}`}>{episode.serie.serie_title}</Link>
              <span className="watch-head__season">{episode.season.title}</span>
            </p>
            <p className="watch-head__number">Episode {episode.episode_number}</p>
            <h1 className="watch-head__title">{episode.episode_title}</h1>
            {episode.season_finale === 1 ? <p className="watch-badge">{MESSAGES.seasonFinale}</p> : null}
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
        <AutoSkipSwitch initial={episode.auto_skip} />
        <nav className="watch-steps" aria-label="Episodes before and after">
          <StepLink step={previousStep(episode)} direction="previous" />
          <StepLink step={nextStep(episode)} direction="next" />
        </nav>
        <EpisodeList seasons={episode.seasons} currentEpisodeId={episode.episode_id} />
        {renderReviews?.(episode)}
      </div>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        context={{
          serieTitle: episode.serie.serie_title,
          episodeTitle: episode.episode_title,
          frameSrc: player.reportSrc,
          position: player.getPosition,
        }}
      />
    </main>
  );
}

function StepLink({ step, direction }: { step: EpisodeStep; direction: 'previous' | 'next' }) {
  const icon = direction === 'previous' ? <ChevronLeftIcon /> : <ChevronRightIcon />;
  const className = `watch-step watch-step--${direction}`;
  if (!step.target) {
    // Kept in place (disabled) so the other button does not move.
    return (
      <button type="button" className={className} disabled>
        {direction === 'previous' ? icon : null}
        <span className="watch-step__text">
          <span className="watch-step__label">{step.label}</span>
          <span className="watch-step__target">
            {direction === 'previous' ? 'This is the first episode' : 'No later episode yet'}
          </span>
        </span>
        {direction === 'next' ? icon : null}
      </button>
    );
  }
  return (
    <Link className={className} to={`/watchEpisodes/${step.target.id}`}>
      {direction === 'previous' ? icon : null}
      <span className="watch-step__text">
        <span className="watch-step__label">{step.label}</span>
        <span className="watch-step__target">{describeRef(step.target)}</span>
      </span>
      {direction === 'next' ? icon : null}
    </Link>
  );
}

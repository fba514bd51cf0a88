import { Link } from 'react-router';
import { PLAY_NOW } from '../../../lib/watch-now';
import {
  HISTORY_TEXTS,
  timeLeftText,
  watchedShare,
  watchHref,
  type HistoryEntry,
  type NextUpEntry,
} from '@bosphorus/contract';
import { uploadUrl } from '../../../lib/uploads';
import { WatchProgress } from '../../../components/ui/watch-progress';
import { useContinue } from '../api/get-continue';
import { HomeRow } from './home-rows';
import { ContinueRowsSkeleton, WIDE_CARDS_PER_VIEW } from './home-skeleton';
import { rememberContinueRows } from '../../../lib/auth-store';
import { useEffect } from 'react';
import './continue-rows.css';

// Continue Watching and Next Up (decision 0024), above the spec's rows, for a
// signed-in subscriber only. This file is its own chunk (home-page.tsx loads
// it lazily), so visitors never download it. Cards are 16:9 like the latest
// episodes; each opens the player, which resumes by itself.

function Still({ image, share, badge }: { image: string; share: number | null; badge: string }) {
  return (
    <div className="episode-card__still">
      <img src={uploadUrl(image)} alt="" width={640} height={360} loading="lazy" decoding="async" draggable={false} />
      <span className="episode-card__badge">{badge}</span>
      {share !== null ? <WatchProgress share={share} /> : null}
    </div>
  );
}

export function ContinueCard({ entry }: { entry: HistoryEntry }) {
  const share = entry.duration_seconds > 0 ? watchedShare(entry.position_seconds, entry.duration_seconds) : null;
  const left = timeLeftText(entry.position_seconds, entry.duration_seconds);
  if (entry.type === 'movie') {
    return (
      <Link className="episode-card continue-card" to={watchHref(entry)} state={PLAY_NOW} draggable={false}>
        <Still image={entry.movie_cover || entry.movie_image} share={share} badge="Movie" />
        <h3 className="episode-card__series">{entry.movie_title}</h3>
        <p className="episode-card__season">{left || entry.movie_year}</p>
      </Link>
    );
  }
  return (
    <Link className="episode-card continue-card" to={watchHref(entry)} state={PLAY_NOW} draggable={false}>
      <Still image={entry.episode_image || entry.serie_cover} share={share} badge={`Episode ${entry.episode_number}`} />
      <h3 className="episode-card__series">{entry.serie_title}</h3>
      <p className="episode-card__season">
        {entry.season_title}
        {left ? (
          <>
            <span aria-hidden="true"> · </span>
            {left}
          </>
        ) : null}
      </p>
      <p className="episode-card__title">{entry.episode_title}</p>
    </Link>
  );
}

export function NextUpCard({ entry }: { entry: NextUpEntry }) {
  return (
    <Link className="episode-card continue-card" to={watchHref(entry)} state={PLAY_NOW} draggable={false}>
      <Still image={entry.episode_image || entry.serie_cover} share={null} badge={`Episode ${entry.episode_number}`} />
      <h3 className="episode-card__series">{entry.serie_title}</h3>
      <p className="episode-card__season">{entry.season_title}</p>
      <p className="episode-card__title">{entry.episode_title}</p>
    </Link>
  );
}

/** Both rows come from the viewer's history (/profile/history lists the titles watched). */
const HISTORY_LIST = { to: '/profile/history', shape: 'wide' } as const;

const continueKey = (e: HistoryEntry) => (e.type === 'movie' ? `m${e.movie_id}` : `s${e.serie_id}`);

export function ContinueRows({ userId }: { userId: number | string }) {
  const rows = useContinue(userId);
  const data = rows.data;
  const continueWatching = !!data?.continueWatching.length;
  const nextUp = !!data?.nextUp.length;
  // What was drawn, for the room of the next visit's first paint.
  useEffect(() => {
    if (data) rememberContinueRows({ continueWatching, nextUp });
  }, [data, continueWatching, nextUp]);
  // Until the rows are known, the room they had last time; a failed call gives it up.
  if (!data) return rows.isPending && rows.failureCount === 0 ? <ContinueRowsSkeleton /> : null;
  if (!continueWatching && !nextUp) return null;
  return (
    <div className="home__rows home__rows--continue">
      {data.continueWatching.length ? (
        <HomeRow label={HISTORY_TEXTS.continueWatching} seeAll={HISTORY_LIST} maxSlides={WIDE_CARDS_PER_VIEW}>
          {data.continueWatching.map((entry) => (
            <ContinueCard key={continueKey(entry)} entry={entry} />
          ))}
        </HomeRow>
      ) : null}
      {data.nextUp.length ? (
        <HomeRow label={HISTORY_TEXTS.nextUp} seeAll={HISTORY_LIST} maxSlides={WIDE_CARDS_PER_VIEW}>
          {data.nextUp.map((entry) => (
            <NextUpCard key={entry.serie_id} entry={entry} />
          ))}
        </HomeRow>
      ) : null}
    </div>
  );
}

export default ContinueRows;

import { Link } from 'react-router';
import { timeLeftText, watchedShare, watchHref, type HistoryEntry } from '@bosphorus/contract';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { WatchProgress } from '../../../components/ui/watch-progress';
import { GRID_CARD_SIZES } from '../../../lib/uploads';

// One watched title: its poster with a progress bar, and a link to the
// player, which resumes from the saved position. A series shows the episode
// watched last.

export function entryKey(entry: HistoryEntry): string {
  return entry.type === 'movie' ? `m${entry.movie_id}` : `s${entry.serie_id}`;
}

export function HistoryCard({ entry }: { entry: HistoryEntry }) {
  const isMovie = entry.type === 'movie';
  const title = isMovie ? entry.movie_title : entry.serie_title;
  const share = watchedShare(entry.position_seconds, entry.duration_seconds);
  const left = timeLeftText(entry.position_seconds, entry.duration_seconds);
  return (
    <Link className="title-card history-card" to={watchHref(entry)} draggable={false}>
      <div className="title-card__poster">
        <ResponsiveImage
          kind="poster"
          file={isMovie ? entry.movie_image : entry.serie_image}
          sizes={GRID_CARD_SIZES}
          alt=""
          loading="lazy"
          draggable={false}
        />
        <span className="title-card__badge">{isMovie ? 'Movie' : 'Series'}</span>
        {entry.duration_seconds > 0 ? <WatchProgress share={share} /> : null}
      </div>
      <h3 className="title-card__name">{title}</h3>
      {isMovie ? (
        <p className="history-card__line">{entry.movie_year}</p>
      ) : (
        <p className="history-card__line">
          S{entry.season_number} · E{entry.episode_number} · {entry.episode_title}
        </p>
      )}
      {left ? <p className="history-card__left">{left}</p> : null}
    </Link>
  );
}

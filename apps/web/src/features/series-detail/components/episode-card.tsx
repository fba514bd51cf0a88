import { Link } from 'react-router';
import { playNowStateFor } from '../../../lib/watch-now';
import { MARKERS_TEXTS, MESSAGES, type EpisodeSummary } from '@bosphorus/contract';
import { describeDuration, formatDate, formatDuration } from '../../../components/catalogue/format';
import { EnglishSubtitlesComing } from '../../../components/catalogue/english-subtitles-coming';
import { PlayIcon } from '../../../components/ui/icons';
import { uploadUrl } from '../../../lib/uploads';

// An episode: 16:9 still, 'Episode N', title, air date, duration, its
// minutes without recap and credits ('1 h 52 min of story', issue 28: the
// player's episode list says it with the same MARKERS_TEXTS.ofStory), the
// 'Season Finale' badge (spec §2/§3), and "English subtitles coming" while
// it plays with its Turkish audio only (issue 28). The whole card is one link: to the
// player for those who can play, otherwise where Watch Now would go.

export function EpisodeCard({
  episode,
  href,
  seasonNumber,
}: {
  episode: EpisodeSummary;
  href: string;
  /** Shown in search results, where episodes of several seasons mix. */
  seasonNumber?: number;
}) {
  const duration = formatDuration(episode.episode_duration);
  return (
    <Link className="episode-tile" to={href} state={playNowStateFor(href)}>
      <div className="episode-tile__still">
        <img src={uploadUrl(episode.episode_image)} alt="" width={640} height={360} loading="lazy" decoding="async" />
        <span className="episode-tile__play" aria-hidden="true">
          <PlayIcon />
        </span>
        {episode.season_finale === 1 ? <span className="episode-tile__badge">{MESSAGES.seasonFinale}</span> : null}
      </div>
      <div className="episode-tile__body">
        <p className="episode-tile__number">
          {seasonNumber !== undefined ? <span>Season {seasonNumber}</span> : null}
          <span>Episode {episode.episode_number}</span>
        </p>
        <h3 className="episode-tile__title">{episode.episode_title}</h3>
        <p className="episode-tile__meta">
          {episode.episode_date ? (
            <time dateTime={episode.episode_date}>{formatDate(episode.episode_date)}</time>
          ) : null}
          {duration ? (
            <span>
              <span aria-hidden="true">{duration}</span>
              <span className="visually-hidden">{describeDuration(episode.episode_duration)}</span>
            </span>
          ) : null}
        </p>
        {/* null without markers (absent from an answer kept from before the field) */}
        {episode.story_minutes != null ? (
          <p className="episode-tile__story">{MARKERS_TEXTS.ofStory(episode.story_minutes)}</p>
        ) : null}
        {episode.english_subtitles_coming ? <EnglishSubtitlesComing className="episode-tile__subs" /> : null}
      </div>
    </Link>
  );
}

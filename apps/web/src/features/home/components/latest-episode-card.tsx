import { Link } from 'react-router';
import type { LatestEpisode } from '@bosphorus/contract';
import { uploadUrl } from '../../../lib/uploads';
import { EnglishSubtitlesComing } from '../../../components/catalogue/english-subtitles-coming';
import { formatAirDate } from '../../../components/catalogue/format';
import { useSlideImagesWanted } from '../../../components/ui/slide-images';

/**
 * A 16:9 still with series, season and episode titles (spec §3); "English
 * subtitles coming" while it has its Turkish audio only (issue 28).
 */
export function LatestEpisodeCard({ episode }: { episode: LatestEpisode }) {
  // A still out of view waits (decision 0095): no address, nothing fetched.
  const wanted = useSlideImagesWanted();
  return (
    <Link className="episode-card" to={`/seriesdetail/${episode.serie_id}`} draggable={false}>
      <div className="episode-card__still">
        <img
          src={wanted ? uploadUrl(episode.episode_image) : undefined}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          draggable={false}
        />
        <span className="episode-card__badge">Episode {episode.episode_number}</span>
      </div>
      <h3 className="episode-card__series">{episode.serie_title}</h3>
      <p className="episode-card__season">
        {episode.season_title}
        <span aria-hidden="true"> · </span>
        <time dateTime={episode.episode_date.slice(0, 10)}>{formatAirDate(episode.episode_date)}</time>
      </p>
      <p className="episode-card__title">{episode.episode_title}</p>
      {episode.english_subtitles_coming ? <EnglishSubtitlesComing className="episode-card__subs" /> : null}
    </Link>
  );
}

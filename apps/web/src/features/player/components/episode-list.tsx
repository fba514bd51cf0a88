import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { PLAY_NOW } from '../../../lib/watch-now';
import { MARKERS_TEXTS, MESSAGES, type PlayerSeason } from '@bosphorus/contract';
import { describeDuration, formatDuration } from '../../../components/catalogue/format';
import { seasonTabIndex } from '../../../components/catalogue/season-tabs';
import { uploadUrl } from '../../../lib/uploads';

// Spec §2 Episode player: the episode list. Season tabs (the WAI-ARIA tabs
// pattern, as on the series page: one tab stop, arrows, Home/End), the
// episodes of the chosen season, each a link to its player; the one playing
// is marked (aria-current) and its season is the tab shown first.

export const NOW_PLAYING = 'Now playing';

export function EpisodeList({
  seasons,
  currentEpisodeId,
}: {
  seasons: readonly PlayerSeason[];
  currentEpisodeId: number;
}) {
  const currentSeason = seasons.find((s) => s.episodes.some((e) => e.episode_id === currentEpisodeId));
  const [selectedId, setSelectedId] = useState<number | null>(currentSeason?.id ?? seasons[0]?.id ?? null);
  const selected = seasons.find((s) => s.id === selectedId) ?? seasons[0] ?? null;
  const uid = useId();
  const tabId = (seasonId: number) => `${uid}-season-${seasonId}`;
  const panelId = `${uid}-panel`;

  function handleTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = seasons.findIndex((s) => s.id === selected?.id);
    const next = seasonTabIndex(event.key, index, seasons.length);
    if (next === null) return;
    event.preventDefault();
    const season = seasons[next]!;
    setSelectedId(season.id);
    document.getElementById(tabId(season.id))?.focus();
  }

  return (
    <section id="episodes" className="watch-episodes" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="detail-section__title">
        {MESSAGES.episodes}
      </h2>
      {selected ? (
        <>
          {seasons.length > 1 ? (
            <div className="watch-season-tabs" role="tablist" aria-label="Seasons" onKeyDown={handleTabKeyDown}>
              {seasons.map((season) => {
                const isSelected = season.id === selected.id;
                return (
                  <button
                    key={season.id}
                    id={tabId(season.id)}
                    type="button"
                    role="tab"
                    className="watch-season-tabs__tab"
                    aria-selected={isSelected}
                    aria-controls={panelId}
                    tabIndex={isSelected ? 0 : -1}
                    onClick={() => setSelectedId(season.id)}
                  >
                    Season {season.season_number}
                  </button>
                );
              })}
            </div>
          ) : null}
          <div
            id={panelId}
            {...(seasons.length > 1
              ? { role: 'tabpanel', 'aria-labelledby': tabId(selected.id) }
              : { role: 'region', 'aria-label': `Season ${selected.season_number}` })}
          >
            {selected.episodes.length ? (
              <ol className="watch-episode-list">
                {selected.episodes.map((episode) => {
                  const current = episode.episode_id === currentEpisodeId;
                  const duration = formatDuration(episode.episode_duration);
                  return (
                    <li key={episode.episode_id}>
                      <Link
                        to={`/watchEpisodes/${episode.episode_id}`}
                        state={PLAY_NOW}
                        className="watch-ep"
                        aria-current={current ? 'page' : undefined}
                      >
                        <span className="watch-ep__still">
                          <img
                            src={uploadUrl(episode.episode_image)}
                            alt=""
                            width={320}
                            height={180}
                            loading="lazy"
                            decoding="async"
                          />
                          {current ? <span className="watch-ep__now">{NOW_PLAYING}</span> : null}
                        </span>
                        <span className="watch-ep__body">
                          <span className="watch-ep__number">Episode {episode.episode_number}</span>
                          <span className="watch-ep__title">{episode.episode_title}</span>
                          <span className="watch-ep__meta">
                            {duration ? (
                              <span>
                                <span aria-hidden="true">{duration}</span>
                                <span className="visually-hidden">{describeDuration(episode.episode_duration)}</span>
                              </span>
                            ) : null}
                            {episode.story_minutes !== null ? (
                              <span className="watch-ep__story">{MARKERS_TEXTS.ofStory(episode.story_minutes)}</span>
                            ) : null}
                            {episode.season_finale === 1 ? (
                              <span className="watch-badge watch-badge--small">{MESSAGES.seasonFinale}</span>
                            ) : null}
                          </span>
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ol>
            ) : (
              <p className="watch-note">Episodes of Season {selected.season_number} are on their way.</p>
            )}
          </div>
        </>
      ) : (
        <p className="watch-note">Episodes are on their way. Check back soon.</p>
      )}
    </section>
  );
}

import { useId, useRef, type KeyboardEvent } from 'react';
import { MESSAGES, type Season } from '@bosphorus/contract';
import { seasonTabIndex } from '../../../components/catalogue/season-tabs';
import { CloseIcon, SearchIcon } from '../../../components/ui/icons';
import { resultsSummary, useEpisodeView } from '../hooks/use-episode-view';
import { EpisodeCard } from './episode-card';

// Spec §2 Series detail: the Episodes section, season tabs and the episode
// search box. Tabs follow the WAI-ARIA tabs pattern: one tab stop, arrow
// keys (and Home/End) move between seasons and show them at once.

export const EPISODE_SEARCH_PLACEHOLDER = 'Search by number or title';

export function EpisodesSection({
  seasons,
  episodeHref,
}: {
  seasons: readonly Season[];
  /** Where an episode card leads (player, or sign-in / plans). */
  episodeHref: (episodeId: number) => string;
}) {
  const { query, setQuery, selectedSeasonId, setSelectedSeasonId, view } = useEpisodeView(seasons);
  const uid = useId();
  const searchId = `${uid}-search`;
  const panelId = `${uid}-panel`;
  const tabId = (seasonId: number) => `${uid}-season-${seasonId}`;
  const searchRef = useRef<HTMLInputElement>(null);

  function handleTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = seasons.findIndex((s) => s.id === selectedSeasonId);
    const next = seasonTabIndex(event.key, index, seasons.length);
    if (next === null) return;
    event.preventDefault();
    const season = seasons[next]!;
    setSelectedSeasonId(season.id);
    const tab = document.getElementById(tabId(season.id));
    tab?.focus();
    tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  function clearSearch() {
    setQuery('');
    searchRef.current?.focus();
  }

  return (
    <section id="episodes" className="detail-section episodes" aria-labelledby="episodes-title" tabIndex={-1}>
      <div className="episodes__head">
        <h2 id="episodes-title" className="detail-section__title">
          {MESSAGES.episodes}
        </h2>
        <div className="episode-search">
          <label className="visually-hidden" htmlFor={searchId}>
            Search episodes
          </label>
          <SearchIcon />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            placeholder={EPISODE_SEARCH_PLACEHOLDER}
            autoComplete="off"
            enterKeyHint="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && query) {
                e.preventDefault();
                setQuery('');
              }
            }}
          />
          {query ? (
            <button type="button" className="episode-search__clear" aria-label="Clear search" onClick={clearSearch}>
              <CloseIcon />
            </button>
          ) : null}
        </div>
      </div>

      <p className="episodes__status" role="status">
        {view.mode === 'results'
          ? view.episodes.length
            ? resultsSummary(view.episodes.length, view.query)
            : MESSAGES.noEpisodesFound
          : ''}
      </p>

      {view.mode === 'results' ? (
        view.episodes.length ? (
          <ul className="episode-grid" aria-label="Matching episodes">
            {view.episodes.map((episode) => (
              <li key={episode.episode_id}>
                <EpisodeCard
                  episode={episode}
                  href={episodeHref(episode.episode_id)}
                  seasonNumber={episode.season_number}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div className="episodes__empty">
            <p>Try an episode number, or fewer letters of the title.</p>
            <button type="button" className="btn btn--ghost" onClick={clearSearch}>
              Show all episodes
            </button>
          </div>
        )
      ) : view.season ? (
        <>
          <div className="season-tabs" role="tablist" aria-label="Seasons" onKeyDown={handleTabKeyDown}>
            {seasons.map((season) => {
              const selected = season.id === view.season!.id;
              return (
                <button
                  key={season.id}
                  id={tabId(season.id)}
                  type="button"
                  role="tab"
                  className="season-tabs__tab"
                  aria-selected={selected}
                  aria-controls={panelId}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => setSelectedSeasonId(season.id)}
                >
                  Season {season.season_number}
                </button>
              );
            })}
          </div>
          <div id={panelId} role="tabpanel" aria-labelledby={tabId(view.season.id)} className="season-panel">
            {view.season.episodes.length ? (
              <ul className="episode-grid">
                {view.season.episodes.map((episode) => (
                  <li key={episode.episode_id}>
                    <EpisodeCard episode={episode} href={episodeHref(episode.episode_id)} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="episodes__empty">Episodes of Season {view.season.season_number} are on their way.</p>
            )}
          </div>
        </>
      ) : (
        <p className="episodes__empty">Episodes are on their way. Check back soon.</p>
      )}
    </section>
  );
}

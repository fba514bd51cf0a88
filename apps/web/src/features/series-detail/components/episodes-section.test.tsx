// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import {
  ENGLISH_SUBTITLES_TEXTS,
  MARKERS_TEXTS,
  MESSAGES,
  type EpisodeSummary,
  type Season,
} from '@bosphorus/contract';
import { EpisodesSection } from './episodes-section';

afterEach(cleanup);

let nextId = 100;
const episode = (
  episode_number: number,
  episode_title: string,
  season_finale: 0 | 1 = 0,
  story_minutes: number | null = null,
  english_subtitles_coming = false,
): EpisodeSummary => ({
  episode_id: nextId++,
  episode_title,
  episode_number,
  episode_date: '2024-03-04',
  episode_image: 'still.webp',
  episode_duration: 125,
  season_finale,
  story_minutes,
  english_subtitles_coming,
});

const seasons: Season[] = [
  {
    id: 1,
    season_number: 1,
    title: 'Season 1',
    episodes: [episode(1, 'The Young Bey', 0, 112), episode(2, 'Bala Hatun', 1, null, true)],
  },
  {
    id: 2,
    season_number: 2,
    title: 'Season 2',
    episodes: [episode(1, 'Söğüt Burns'), episode(2, 'The Council Divided'), episode(12, 'Bey of Beys')],
  },
  { id: 3, season_number: 3, title: 'Season 3', episodes: [] },
];

function renderSection(href = (id: number) => `/watchEpisodes/${id}`) {
  return render(
    <MemoryRouter>
      <EpisodesSection seasons={seasons} episodeHref={href} />
    </MemoryRouter>,
  );
}

const search = () => screen.getByRole('searchbox', { name: 'Search episodes' });
const cardTitles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('EpisodesSection', () => {
  it('shows the first season in tabs with its episode cards', () => {
    renderSection();
    const tablist = screen.getByRole('tablist', { name: 'Seasons' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Season 1', 'Season 2', 'Season 3']);
    expect(screen.getByRole('tab', { name: 'Season 1' }).getAttribute('aria-selected')).toBe('true');
    expect(cardTitles()).toEqual(['The Young Bey', 'Bala Hatun']);
    expect(screen.getByText('Episode 2')).toBeTruthy();
    expect(screen.getAllByText('Mar 4, 2024')).toHaveLength(2);
    expect(screen.getAllByText('2h 5m')).toHaveLength(2);
    expect(screen.getAllByText(MESSAGES.seasonFinale)).toHaveLength(1);
    // Its length without recap and credits (issue 28), only where markers give it.
    expect(screen.getAllByText(MARKERS_TEXTS.ofStory(112)).map((e) => e.textContent)).toEqual(['1 h 52 min of story']);
    expect(search().getAttribute('placeholder')).toBe('Search by number or title');
  });

  it('says "English subtitles coming" on an episode out before its English track (issue 28), and only there', () => {
    renderSection();
    const notes = screen.getAllByText(ENGLISH_SUBTITLES_TEXTS.coming);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.closest('a')!.textContent).toContain('Bala Hatun');
    expect(screen.getByRole('link', { name: /Bala Hatun/ }).textContent).toContain(ENGLISH_SUBTITLES_TEXTS.coming);
  });

  it('links each card where the caller says', () => {
    renderSection((id) => (id % 2 ? '/signin' : `/watchEpisodes/${id}`));
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      seasons[0]!.episodes.map((e) => (e.episode_id % 2 ? '/signin' : `/watchEpisodes/${e.episode_id}`)),
    );
  });

  it('moves between seasons with the arrow keys, Home and End', () => {
    renderSection();
    const first = screen.getByRole('tab', { name: 'Season 1' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const second = screen.getByRole('tab', { name: 'Season 2' });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(second.getAttribute('tabindex')).toBe('0');
    expect(first.getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement).toBe(second);
    expect(cardTitles()).toEqual(['Söğüt Burns', 'The Council Divided', 'Bey of Beys']);

    fireEvent.keyDown(second, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Season 3' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Episodes of Season 3 are on their way.')).toBeTruthy();

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Season 1' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Season 3' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Season 1' }).getAttribute('aria-selected')).toBe('true');
  });

  it('replaces the tabs with a flat list across seasons while searching', () => {
    renderSection();
    fireEvent.input(search(), { target: { value: 'bey' } });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(cardTitles()).toEqual(['The Young Bey', 'Bey of Beys']);
    expect(screen.getByRole('status').textContent).toBe('2 episodes match “bey”');
    expect(within(screen.getByRole('list', { name: 'Matching episodes' })).getByText('Season 2')).toBeTruthy();

    fireEvent.input(search(), { target: { value: 'sogut' } });
    expect(cardTitles()).toEqual(['Söğüt Burns']);

    fireEvent.input(search(), { target: { value: '12' } });
    expect(cardTitles()).toEqual(['Bey of Beys']);
  });

  it('says so when nothing matches, and clearing the search brings the tabs back', () => {
    renderSection();
    fireEvent.click(screen.getByRole('tab', { name: 'Season 2' }));
    fireEvent.input(search(), { target: { value: 'dragon' } });
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.noEpisodesFound);
    expect(cardTitles()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Show all episodes' }));
    expect((search() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(search());
    expect(screen.getByRole('tab', { name: 'Season 2' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('');

    fireEvent.input(search(), { target: { value: 'bala' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((search() as HTMLInputElement).value).toBe('');
  });

  it('clears the search with Escape', () => {
    renderSection();
    fireEvent.input(search(), { target: { value: 'bey' } });
    fireEvent.keyDown(search(), { key: 'Escape' });
    expect((search() as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('tablist', { name: 'Seasons' })).toBeTruthy();
  });
});

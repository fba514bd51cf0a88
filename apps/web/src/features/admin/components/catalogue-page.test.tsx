// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CATALOGUE_TEXTS, type AdminEpisode, type AdminSeries } from '@bosphorus/contract';
import { mockFetch, type Answer, type FetchCall } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/session';
import { CataloguePage } from './catalogue-page';

// The console's Catalogue section (issue 17): a new series is sent with
// every field as the API takes them (lists as ids separated by commas); the
// API's refusal is shown as it says it; a scheduled episode is published
// with one click.

const episode: AdminEpisode = {
  id: 31,
  season_id: 21,
  series_id: 7,
  episode_number: 1,
  title: 'Bölüm 1',
  image: '',
  duration_minutes: 0,
  season_finale: false,
  air_date: '2026-11-27',
  publish_at: '2026-11-27T18:00:00.000Z',
  out: false,
  playable: true,
  has_frame: false,
};

const yali: AdminSeries = {
  kind: 'series',
  id: 7,
  title: 'Yalı',
  original_title: 'Yalı',
  alt_titles: [],
  description: '',
  year: 2026,
  image: '',
  cover: '',
  trailer: null,
  published: true,
  featured_rank: null,
  popularity: 0,
  genres: [{ id: 4, title: 'Drama' }],
  cast: [],
  avg_rating: null,
  reviews: 0,
  playable: false,
  has_frame: false,
  status: 'ongoing',
  seasons: [{ id: 21, series_id: 7, season_number: 1, title: 'Sezon 1', episodes: [episode] }],
};

let route: (call: FetchCall) => Answer;
const fetchMock = mockFetch((call) => route(call));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  localStorage.clear();
  signIn({ user_id: 1, user_name: 'Operatör' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const common = ({ path }: FetchCall): Answer | null => {
  if (path === '/admin/catalogue/titles') return { status: 200, body: { body: { titles: [] } } };
  if (path === '/admin/catalogue/genres')
    return {
      status: 200,
      body: {
        body: {
          genres: [
            { id: 4, title: 'Drama' },
            { id: 8, title: 'Romance' },
          ],
        },
      },
    };
  if (path === '/admin/catalogue/promotions') return { status: 200, body: { body: { promotions: [] } } };
  return null;
};

describe('CataloguePage', () => {
  it('sends a new series with its fields and shows the API refusal naming the field', async () => {
    let attempts = 0;
    route = (call) => {
      if (call.method === 'POST' && call.path === '/admin/catalogue/series') {
        attempts += 1;
        if (attempts === 1) return { status: 400, body: { error: 'year: must be from 1900 to 2100', field: 'year' } };
        return { status: 200, body: { body: yali } };
      }
      if (call.path === '/admin/catalogue/series/7') return { status: 200, body: { body: yali } };
      return common(call) ?? { status: 404, body: { error: 'not found' } };
    };
    renderWithProviders(<CataloguePage />, { url: '/admin/catalogue' });
    expect(await screen.findByText(CATALOGUE_TEXTS.noTitles)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: CATALOGUE_TEXTS.newSeries }));
    const panel = await screen.findByRole('dialog');
    fireEvent.input(within(panel).getByLabelText('Title'), { target: { value: 'Yalı' } });
    fireEvent.input(within(panel).getByLabelText('Original title'), { target: { value: 'Yalı' } });
    fireEvent.click(await within(panel).findByRole('checkbox', { name: 'Drama' }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Romance' }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: CATALOGUE_TEXTS.published }));
    fireEvent.click(within(panel).getByRole('button', { name: CATALOGUE_TEXTS.save }));
    expect(await within(panel).findByText('year: must be from 1900 to 2100')).toBeTruthy();
    const sent = fetchMock.calls.find((c) => c.method === 'POST' && c.path === '/admin/catalogue/series')!;
    expect(Object.fromEntries(sent.form)).toMatchObject({
      title: 'Yalı',
      original_title: 'Yalı',
      genres: '4,8',
      cast: '',
      status: 'ongoing',
      published: 'true',
      featured_rank: '',
      image: '',
      cover: '',
    });

    fireEvent.click(within(panel).getByRole('button', { name: CATALOGUE_TEXTS.save }));
    expect(await screen.findByText(CATALOGUE_TEXTS.saved('Yalı'))).toBeTruthy();
    // The saved series' seasons and its scheduled episode follow in the panel.
    expect(await screen.findByRole('region', { name: 'Sezon 1' })).toBeTruthy();
  });

  it('publishes a scheduled episode now and says how many followers were told', async () => {
    route = (call) => {
      if (call.path === '/admin/catalogue/titles')
        return {
          status: 200,
          body: {
            body: {
              titles: [
                {
                  kind: 'series',
                  id: 7,
                  title: 'Yalı',
                  original_title: 'Yalı',
                  year: 2026,
                  image: '',
                  published: true,
                  featured_rank: 2,
                  updated_at: '2026-11-26T18:00:00.000Z',
                },
              ],
            },
          },
        };
      if (call.path === '/admin/catalogue/series/7') return { status: 200, body: { body: yali } };
      if (call.method === 'POST' && call.path === '/admin/catalogue/episodes/31/publish')
        return {
          status: 200,
          body: {
            body: {
              message: CATALOGUE_TEXTS.published1('Bölüm 1', 3),
              episode: { ...episode, out: true },
              notified: 3,
            },
          },
        };
      return common(call) ?? { status: 404, body: { error: 'not found' } };
    };
    renderWithProviders(<CataloguePage />, { url: '/admin/catalogue' });
    expect(await screen.findByText(CATALOGUE_TEXTS.featured(2))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Yalı' }));
    const season = await screen.findByRole('region', { name: 'Sezon 1' });
    expect(
      within(season)
        .getByRole('link', { name: `${CATALOGUE_TEXTS.media}: Bölüm 1` })
        .getAttribute('href'),
    ).toBe('/admin/media?type=episode&id=31');
    expect(
      within(season)
        .getByRole('link', { name: `${CATALOGUE_TEXTS.subtitles}: Bölüm 1` })
        .getAttribute('href'),
    ).toBe('/admin/subtitles?type=episode&id=31');
    fireEvent.click(within(season).getByRole('button', { name: `${CATALOGUE_TEXTS.publishNow}: Bölüm 1` }));
    expect(await within(season).findByText(CATALOGUE_TEXTS.published1('Bölüm 1', 3))).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.calls.some((c) => c.method === 'POST' && c.path === '/admin/catalogue/episodes/31/publish'),
      ).toBe(true),
    );
  });
});

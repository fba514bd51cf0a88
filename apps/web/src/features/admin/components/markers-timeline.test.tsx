// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MARKERS_TEXTS, type AdminEpisodeMarkersBody } from '@bosphorus/contract';
import { mockFetch, type Answer, type FetchCall } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/session';
import { MarkersTimeline } from './markers-timeline';

// Issue 28, the console's marker timeline: each marker with its confidence;
// an end moved by the keys (or typed) is a draft until Save, which sends
// the API's PATCH; a bad time is refused at its field, and the API's 400
// lands at the field it names; an operator's marker says so.

const T = MARKERS_TEXTS.console;
const BODY: AdminEpisodeMarkersBody = {
  episode_id: 7,
  markers: [
    { kind: 'recap', start_seconds: 0, end_seconds: 95, confidence: 0.45, source: 'detected', updated_at: '' },
    { kind: 'intro', start_seconds: 95, end_seconds: 180, confidence: 0.9, source: 'detected', updated_at: '' },
  ],
  removed: ['preview'],
  jobs: [],
};

let route: (call: FetchCall) => Answer;
const fetchMock = mockFetch((call) => route(call));
const patches = () => fetchMock.calls.filter((c) => c.method === 'PATCH');

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  fetchMock.calls.length = 0;
  localStorage.clear();
  signIn({ user_id: 1, user_name: 'Operatör' });
  route = ({ method, path, form }) => {
    if (method === 'GET' && path === '/admin/media/episodes/7/markers') return { status: 200, body: { body: BODY } };
    if (method === 'PATCH' && path === '/admin/media/episodes/7/markers/intro') {
      const intro = {
        ...BODY.markers[1]!,
        start_seconds: Number(form.get('start_seconds')),
        end_seconds: Number(form.get('end_seconds')),
        confidence: 1,
        source: 'operator' as const,
      };
      return { status: 200, body: { body: { ...BODY, markers: [BODY.markers[0]!, intro] } } };
    }
    return { status: 404, body: { error: 'not found' } };
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card = async (kind: 'recap' | 'intro') =>
  within(await screen.findByRole('region', { name: MARKERS_TEXTS.kinds[kind] }));

describe('MarkersTimeline', () => {
  it('shows each marker with its confidence, an unsure one to check, and the kinds removed', async () => {
    renderWithProviders(<MarkersTimeline episodeId={7} duration={5400} now={0} onSeek={() => {}} />);
    const recap = await card('recap');
    expect(recap.getByText(`${MARKERS_TEXTS.sources.detected} · ${T.confidence(0.45)}`)).toBeTruthy();
    expect(recap.getByText(T.unsure)).toBeTruthy();
    const intro = await card('intro');
    expect(intro.getByText(`${MARKERS_TEXTS.sources.detected} · 90% sure`)).toBeTruthy();
    expect(intro.queryByText(T.unsure)).toBeNull();
    expect(screen.getByText(T.removedKinds('next-episode preview'))).toBeTruthy();
    // The whole episode's lane: a stretch per marker, which plays from its start.
    const lane = screen.getByRole('group', { name: T.timeline });
    expect(within(lane).getAllByRole('button')).toHaveLength(2);
    // Kinds still free can be added; one removed is among them.
    expect(
      within(screen.getByRole('combobox', { name: T.kind }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Credits', 'Next-episode preview']);
  });

  it('moves an end by the keys as a draft, and Save sends it; Undo drops a draft', async () => {
    renderWithProviders(<MarkersTimeline episodeId={7} duration={5400} now={0} onSeek={() => {}} />);
    const intro = await card('intro');
    const end = intro.getByRole('slider', { name: T.handle('Intro', 'end') });
    expect(intro.queryByRole('button', { name: T.save })).toBeNull();
    fireEvent.keyDown(end, { key: 'ArrowRight' });
    fireEvent.keyDown(end, { key: 'ArrowRight', shiftKey: true });
    expect(end.getAttribute('aria-valuenow')).toBe('185.5');
    expect((intro.getByRole('textbox', { name: T.end }) as HTMLInputElement).value).toBe('3:05.5');
    expect(patches()).toHaveLength(0);
    fireEvent.click(intro.getByRole('button', { name: T.save }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(Object.fromEntries(patches()[0]!.form)).toEqual({ start_seconds: '95', end_seconds: '185.5' });
    expect(await screen.findByText(T.saved('Intro'))).toBeTruthy();
    expect((await card('intro')).getByTestId('marker-source').textContent).toBe(MARKERS_TEXTS.sources.operator);

    const start = (await card('intro')).getByRole('slider', { name: T.handle('Intro', 'start') });
    fireEvent.keyDown(start, { key: 'ArrowLeft' });
    expect(start.getAttribute('aria-valuenow')).toBe('94.5');
    fireEvent.click((await card('intro')).getByRole('button', { name: T.undo }));
    expect(start.getAttribute('aria-valuenow')).toBe('95');
  });

  it('keeps a draft when the preview’s length becomes known (its metadata after the first keys)', async () => {
    // Before the preview's metadata the episode is as long as its last marker;
    // the length that arrives later must not put the saved times back.
    function Preview() {
      const [duration, setDuration] = useState<number | null>(null);
      return (
        <>
          <button type="button" onClick={() => setDuration(5400)}>
            metadata
          </button>
          <MarkersTimeline episodeId={7} duration={duration} now={0} onSeek={() => {}} />
        </>
      );
    }
    renderWithProviders(<Preview />);
    const intro = await card('intro');
    const end = intro.getByRole('slider', { name: T.handle('Intro', 'end') });
    expect(end.getAttribute('aria-valuemax')).toBe('180');
    fireEvent.keyDown(end, { key: 'ArrowLeft' });
    fireEvent.keyDown(end, { key: 'ArrowLeft' });
    expect(end.getAttribute('aria-valuenow')).toBe('179');
    fireEvent.click(screen.getByRole('button', { name: 'metadata' }));
    expect(end.getAttribute('aria-valuemax')).toBe('5400');
    expect(end.getAttribute('aria-valuenow')).toBe('179');
    expect((intro.getByRole('textbox', { name: T.end }) as HTMLInputElement).value).toBe('2:59.0');
    fireEvent.click(intro.getByRole('button', { name: T.save }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(Object.fromEntries(patches()[0]!.form)).toEqual({ start_seconds: '95', end_seconds: '179' });
  });

  it('refuses a time it cannot read at its field, and shows the API’s refusal at the field it names', async () => {
    renderWithProviders(<MarkersTimeline episodeId={7} duration={5400} now={0} onSeek={() => {}} />);
    const intro = await card('intro');
    const startField = intro.getByRole('textbox', { name: T.start });
    fireEvent.change(startField, { target: { value: '1:7x' } });
    expect(startField.getAttribute('aria-invalid')).toBe('true');
    expect(intro.getByText(T.badTime)).toBeTruthy();
    fireEvent.submit(startField.closest('form')!);
    expect(patches()).toHaveLength(0);

    route = () => ({ status: 400, body: { error: 'start_seconds: must be before the end', field: 'start_seconds' } });
    fireEvent.change(startField, { target: { value: '1:20' } });
    expect(startField.getAttribute('aria-invalid')).toBeNull();
    expect(intro.getByRole('slider', { name: T.handle('Intro', 'start') }).getAttribute('aria-valuenow')).toBe('80');
    fireEvent.click(intro.getByRole('button', { name: T.save }));
    expect(await intro.findByText('start_seconds: must be before the end')).toBeTruthy();
    expect(startField.getAttribute('aria-invalid')).toBe('true');
    // A new value: the refusal was about the old one.
    fireEvent.change(startField, { target: { value: '1:21' } });
    expect(intro.queryByText('start_seconds: must be before the end')).toBeNull();
  });
});

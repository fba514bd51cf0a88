// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PLAYER_MESSAGE_SOURCE } from '@bosphorus/contract';
import { moveFocusFrom } from '../../../lib/spatial-nav';
import { Location } from '../../../test/render';
import { MAIN } from '../test/test-utils';
import { usePlayerRemote, type PlayerRemote } from './use-player-remote';

// The site-wide navigation takes over past the player's own buttons (its
// geometry, pickNext, is the real one).
vi.mock('../../../lib/spatial-nav', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/spatial-nav')>()),
  moveFocusFrom: vi.fn(() => null),
}));

// The watch page at desktop width, laid out by hand (happy-dom has no
// layout): the frame, and under it one row of four buttons.
const BOXES: Record<string, [number, number, number, number]> = {
  frame: [100, 0, 1000, 560],
  'Main Server': [600, 600, 120, 40],
  'Backup Server': [730, 600, 120, 40],
  'Reload Player': [860, 600, 120, 40],
  Report: [990, 600, 100, 40],
};

let remote: PlayerRemote;
let frameWindow: { postMessage: ReturnType<typeof vi.fn>; focus: ReturnType<typeof vi.fn> };

function place(el: HTMLElement | null, name: string) {
  if (!el) return;
  const [left, top, width, height] = BOXES[name]!;
  const rect = { left, top, right: left + width, bottom: top + height, width, height, x: left, y: top };
  el.getBoundingClientRect = () => ({ ...rect, toJSON: () => rect }) as DOMRect;
  el.getClientRects = () => [rect] as unknown as DOMRectList;
}

function WatchPage() {
  const frameRef = useRef<HTMLIFrameElement>(null);
  remote = usePlayerRemote({ frameRef, frameOrigin: MAIN, backTo: '/moviedetail/11' });
  return (
    <main>
      {/* happy-dom loads no frames: a focusable stand-in for the iframe and its window. */}
      <div
        title="player"
        tabIndex={-1}
        ref={(el) => {
          frameRef.current = el as HTMLIFrameElement | null;
          place(el, 'frame');
          if (el) Object.defineProperty(el, 'contentWindow', { value: frameWindow, configurable: true });
        }}
      />
      <div ref={remote.controlsRef}>
        {['Main Server', 'Backup Server', 'Reload Player', 'Report'].map((name) => (
          <button key={name} type="button" ref={(el) => place(el, name)}>
            {name}
          </button>
        ))}
      </div>
      <button type="button">Elsewhere</button>
    </main>
  );
}

function renderWatch(entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/watch/:id" element={<WatchPage />} />
        <Route path="*" element={<main>elsewhere</main>} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

const button = (name: string) => screen.getByRole('button', { name });
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

beforeEach(() => {
  frameWindow = { postMessage: vi.fn(), focus: vi.fn() };
  vi.mocked(moveFocusFrom).mockClear();
});
afterEach(cleanup);

describe('usePlayerRemote', () => {
  it("moves the focus from the frame's 'focus-exit' to the nearest button that way", () => {
    renderWatch(['/watch/11']);
    act(() => remote.onFocusExit('down'));
    expect(document.activeElement).toBe(button('Main Server'));
    // No player button lies above the frame: the site-wide navigation
    // moves on from the frame's box (here it finds nothing, so the focus stays).
    act(() => remote.onFocusExit('up'));
    expect(moveFocusFrom).toHaveBeenCalledWith(screen.getByTitle('player'), 'up');
    expect(document.activeElement).toBe(button('Main Server'));
  });

  it('hands the keys to the player whoever focuses the frame', () => {
    renderWatch(['/watch/11']);
    button('Elsewhere').focus();
    // The site-wide navigation (or a click) focuses the frame element.
    act(() => screen.getByTitle('player').focus());
    expect(frameWindow.focus).toHaveBeenCalledTimes(1);
    expect(frameWindow.postMessage).toHaveBeenCalledWith(
      { source: PLAYER_MESSAGE_SOURCE, type: 'focus-controls' },
      MAIN,
    );
    // Asked again while it already has the focus: the keys go over once more.
    act(() => remote.focusFrame());
    expect(frameWindow.focus).toHaveBeenCalledTimes(2);
  });

  it('moves along the buttons with the arrows, and Up gives the frame the focus and asks for its controls', () => {
    renderWatch(['/watch/11']);
    button('Main Server').focus();
    press('ArrowRight');
    expect(document.activeElement).toBe(button('Backup Server'));
    press('ArrowRight');
    expect(document.activeElement).toBe(button('Reload Player'));
    press('ArrowLeft');
    expect(document.activeElement).toBe(button('Backup Server'));
    // Past the end of the row nothing moves (and the key stays the page's).
    button('Report').focus();
    expect(fireEvent.keyDown(button('Report'), { key: 'ArrowRight' })).toBe(true);
    expect(document.activeElement).toBe(button('Report'));

    button('Backup Server').focus();
    expect(fireEvent.keyDown(button('Backup Server'), { key: 'ArrowUp' })).toBe(false);
    expect(document.activeElement).toBe(screen.getByTitle('player'));
    expect(frameWindow.focus).toHaveBeenCalledTimes(1);
    expect(frameWindow.postMessage).toHaveBeenCalledWith(
      { source: PLAYER_MESSAGE_SOURCE, type: 'focus-controls' },
      MAIN,
    );
    // Down out of the frame comes back to the button the viewer left.
    act(() => remote.onFocusExit('down'));
    expect(document.activeElement).toBe(button('Backup Server'));
  });

  it('reads the arrows of a remote that sends only keyCodes, and leaves other elements alone', () => {
    renderWatch(['/watch/11']);
    button('Main Server').focus();
    fireEvent.keyDown(button('Main Server'), { key: 'Unidentified', keyCode: 39 });
    expect(document.activeElement).toBe(button('Backup Server'));
    button('Elsewhere').focus();
    expect(fireEvent.keyDown(button('Elsewhere'), { key: 'ArrowUp' })).toBe(true);
    expect(document.activeElement).toBe(button('Elsewhere'));
  });

  it("goes back on the frame's 'back', or to the title's page when the watch page came first", () => {
    const first = renderWatch(['/watch/11']);
    act(() => remote.onBack());
    expect(screen.getByTestId('location').textContent).toBe('/moviedetail/11');
    first.unmount();
    renderWatch(['/allmovies', '/watch/11']);
    act(() => remote.onBack());
    expect(screen.getByTestId('location').textContent).toBe('/allmovies');
  });
});

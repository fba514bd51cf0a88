// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerNeedsHlsJs, prefetchPlayer, resetPlayerPrefetch, setWatchRouteWarmer } from './player-prefetch';

// Decision 0096: the player's files, named by the server in the app page,
// prefetched once per page load; hls.js only where the player would use it.

function withMeta(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.appendChild(meta);
}

const links = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')).map((l) => ({
    href: l.getAttribute('href'),
    as: l.getAttribute('as'),
    crossOrigin: l.getAttribute('crossorigin'),
  }));

afterEach(() => {
  document.head.innerHTML = '';
  resetPlayerPrefetch();
  vi.unstubAllGlobals();
});

describe('prefetchPlayer', () => {
  it("adds one CORS prefetch per player file, once, and warms the watch route's code", () => {
    withMeta('bosphorus:player-files', 'https://m.example/assets/player-a.js https://m.example/assets/player-b.css');
    withMeta('bosphorus:player-hls', 'https://m.example/assets/hls.light-c.js');
    const warm = vi.fn(() => Promise.resolve());
    setWatchRouteWarmer(warm);
    const win = { MediaSource: undefined } as unknown as Window;
    expect(prefetchPlayer(document, win)).toEqual([
      'https://m.example/assets/player-a.js',
      'https://m.example/assets/player-b.css',
    ]);
    expect(links()).toEqual([
      { href: 'https://m.example/assets/player-a.js', as: 'script', crossOrigin: 'anonymous' },
      { href: 'https://m.example/assets/player-b.css', as: 'style', crossOrigin: 'anonymous' },
    ]);
    expect(warm).toHaveBeenCalledTimes(1);
    // A second call in the same page load adds nothing.
    expect(prefetchPlayer(document, win)).toEqual([]);
    expect(links()).toHaveLength(2);
  });

  it('adds hls.js where the browser has no HLS of its own and has Media Source', () => {
    withMeta('bosphorus:player-files', '/assets/player-a.js');
    withMeta('bosphorus:player-hls', '/assets/hls.light-c.js');
    const doc = document;
    const spy = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    const win = { MediaSource: class {} } as unknown as Window;
    expect(playerNeedsHlsJs(doc, win)).toBe(true);
    expect(prefetchPlayer(doc, win)).toEqual(['/assets/player-a.js', '/assets/hls.light-c.js']);
    spy.mockReturnValue('maybe');
    expect(playerNeedsHlsJs(doc, win)).toBe(false);
    spy.mockRestore();
  });

  it('does nothing without the server’s list', () => {
    expect(prefetchPlayer(document, window)).toEqual([]);
    expect(links()).toEqual([]);
  });
});

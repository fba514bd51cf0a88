import { useEffect } from 'react';

// The player's files fetched while the viewer is still on a page with a play
// button (issue 15, decision 0096): the player page's script, the modules it
// preloads, its stylesheet and, where the browser has no HLS of its own,
// hls.js. The server names them in the app page (`bosphorus:player-files`,
// `bosphorus:player-hls`, on the player's origin); they are content-hashed
// and cached for good, so a prefetch is never stale. When the press comes,
// the player page finds them in the cache and only its own document, its
// info.json and the media are left to fetch.

/** After this long on the page the files are fetched without a hover or focus. */
export const PLAYER_PREFETCH_IDLE_MS = 1500;

let prefetched = false;
let warmWatchRoute: (() => Promise<unknown>) | null = null;

/** The watch pages' own code (a lazy route of the app), fetched with the player's files: set by the router. */
export function setWatchRouteWarmer(warm: () => Promise<unknown>): void {
  warmWatchRoute = warm;
}

function metaList(doc: Document, name: string): string[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
  return content.split(/\s+/).filter(Boolean);
}

/** The player plays with hls.js here (player.ts: no HLS of the browser's own, Media Source present). */
export function playerNeedsHlsJs(doc: Document = document, win: Window = window): boolean {
  const video = doc.createElement('video');
  return (
    typeof video.canPlayType === 'function' &&
    video.canPlayType('application/vnd.apple.mpegurl') === '' &&
    typeof (win as Window & { MediaSource?: unknown }).MediaSource !== 'undefined'
  );
}

/** Adds one `<link rel=prefetch>` per player file, once per page load. Returns the addresses. */
export function prefetchPlayer(doc: Document = document, win: Window = window): string[] {
  if (prefetched) return [];
  prefetched = true;
  // A failed fetch of the route's code is retried by the route itself on the press.
  warmWatchRoute?.().catch(() => undefined);
  const files = metaList(doc, 'bosphorus:player-files');
  if (playerNeedsHlsJs(doc, win)) files.push(...metaList(doc, 'bosphorus:player-hls'));
  for (const href of files) {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // The player's scripts and stylesheet are fetched in CORS mode (crossorigin): the same here, or the cache entry does not match.
    link.crossOrigin = 'anonymous';
    link.as = href.endsWith('.css') ? 'style' : 'script';
    doc.head.appendChild(link);
  }
  return files;
}

/** For tests: as after a fresh page load. */
export function resetPlayerPrefetch(): void {
  prefetched = false;
}

function saveData(win: Window): boolean {
  return !!(win.navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
}

/**
 * On a page whose play button plays (`active`): the player's files after
 * PLAYER_PREFETCH_IDLE_MS, or at once when the viewer points at or focuses
 * the button (the returned handlers). With Save-Data only on point or focus.
 */
export function usePlayerPrefetch(active: boolean): { onPointerEnter(): void; onFocus(): void; onTouchStart(): void } {
  useEffect(() => {
    if (!active || saveData(window)) return;
    const timer = window.setTimeout(() => prefetchPlayer(), PLAYER_PREFETCH_IDLE_MS);
    return () => window.clearTimeout(timer);
  }, [active]);
  const now = () => {
    if (active) prefetchPlayer();
  };
  return { onPointerEnter: now, onFocus: now, onTouchStart: now };
}

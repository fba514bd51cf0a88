import { useCallback, useEffect, useRef, useState } from 'react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { afterNextFrame } from '../next-frame';

// Embla (the rows' and the hero's swipe and slide) as a chunk of its own
// (decision 0093): the rows and the hero are laid out by the stylesheet
// alone, so the first paint needs none of Embla's ≈9 KB; it arrives beside
// the first pictures and takes over the viewport it is given. Until then a
// row shows its first cards and the hero its first slide, as after Embla's
// own first layout. The same hook shape as embla-carousel-react's:
// [viewport ref, the carousel once it runs].

type EmblaModule = typeof import('embla-carousel');

let loading: Promise<EmblaModule> | null = null;

/** Embla's module, fetched once for every carousel of the page. */
export function loadEmbla(): Promise<EmblaModule> {
  loading ??= import('embla-carousel').catch((error: unknown) => {
    // Offline: the next carousel asks again.
    loading = null;
    throw error;
  });
  return loading;
}

// Each carousel is made in a task of its own, after a frame: making one
// measures its viewport and slides, which lays out whatever the page has
// drawn since the last frame (up to 90 ms of a desktop's main thread when it
// ran in the render's task; decision 0100).
const turns: Array<() => void> = [];

function nextTurn(): void {
  turns.shift()?.();
  if (turns.length) afterNextFrame(nextTurn);
}

/** `run` in a task of its own after a frame, after the carousels that asked before it. */
function inTurn(run: () => void): void {
  turns.push(run);
  if (turns.length === 1) afterNextFrame(nextTurn);
}

/**
 * `wanted` false holds the carousel back (a row below the screen: nothing
 * to swipe yet); it is made once `wanted` turns true.
 */
export function useEmbla(
  options: EmblaOptionsType,
  wanted = true,
): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  const optionsRef = useRef(options);
  const optionsKey = JSON.stringify(options);
  /** The options the running carousel was made or last re-made with. */
  const appliedKey = useRef(optionsKey);

  useEffect(() => {
    if (!viewport || !wanted) return;
    let cancelled = false;
    let instance: EmblaCarouselType | undefined;
    loadEmbla().then(
      ({ default: EmblaCarousel }) =>
        inTurn(() => {
          if (cancelled) return;
          try {
            instance = EmblaCarousel(viewport, optionsRef.current);
          } catch {
            // A browser without what Embla needs (IntersectionObserver, say):
            // the row stays a row of its first cards, as without the module.
            return;
          }
          appliedKey.current = JSON.stringify(optionsRef.current);
          setEmbla(instance);
        }),
      // Without Embla the row stays a row of its first cards: nothing to undo.
      () => undefined,
    );
    return () => {
      cancelled = true;
      instance?.destroy();
      setEmbla(undefined);
    };
  }, [viewport, wanted]);

  // New options (the hero's loop once it has more than one slide): the running carousel takes them.
  useEffect(() => {
    optionsRef.current = JSON.parse(optionsKey) as EmblaOptionsType;
    if (!embla || appliedKey.current === optionsKey) return;
    appliedKey.current = optionsKey;
    embla.reInit(optionsRef.current);
  }, [embla, optionsKey]);

  const ref = useCallback((node: HTMLElement | null) => setViewport(node), []);
  return [ref, embla];
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';

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

export function useEmbla(
  options: EmblaOptionsType,
): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  const optionsRef = useRef(options);
  const optionsKey = JSON.stringify(options);
  /** The options the running carousel was made or last re-made with. */
  const appliedKey = useRef(optionsKey);

  useEffect(() => {
    if (!viewport) return;
    let cancelled = false;
    let instance: EmblaCarouselType | undefined;
    loadEmbla().then(
      ({ default: EmblaCarousel }) => {
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
      },
      // Without Embla the row stays a row of its first cards: nothing to undo.
      () => undefined,
    );
    return () => {
      cancelled = true;
      instance?.destroy();
      setEmbla(undefined);
    };
  }, [viewport]);

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

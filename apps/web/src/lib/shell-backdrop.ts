import { PAGE_SHELL_ATTRIBUTE } from '../shell/shell';

// A detail page's served shell holds the title's cover in its backdrop
// (decision 0099): the page's largest picture, painted before any script.
// The app's first render replaces the shell with its own skeleton while the
// title's answer comes; that skeleton keeps the same picture, so it never
// blinks out, and the hero drawn after it finds the file in the cache.

export interface ShellBackdrop {
  /** The address the document was served for. */
  path: string;
  src: string;
  srcSet?: string;
  sizes?: string;
}

let kept: ShellBackdrop | null = null;

/** Reads the shell's backdrop picture, before the app's first render replaces the shell (main.tsx). */
export function keepShellBackdrop(doc: Document = document, path: string = location.pathname): void {
  const img = doc.querySelector<HTMLImageElement>(`[${PAGE_SHELL_ATTRIBUTE}] .detail-hero__backdrop img`);
  const src = img?.getAttribute('src');
  kept = src
    ? {
        path,
        src,
        ...(img!.hasAttribute('srcset') ? { srcSet: img!.getAttribute('srcset')! } : {}),
        ...(img!.hasAttribute('sizes') ? { sizes: img!.getAttribute('sizes')! } : {}),
      }
    : null;
}

/** The shell's backdrop picture when `path` is the address the document was served for, else null. */
export function shellBackdropFor(path: string): ShellBackdrop | null {
  return kept && kept.path === path ? kept : null;
}

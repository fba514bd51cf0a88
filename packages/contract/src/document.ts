import type { Writable } from 'node:stream';

// The served document (decision 0107): what the server's render writes
// beside the page and the browser reads back before it hydrates.

/**
 * The id of the `<script type="application/json">` after #root that holds
 * the data the server rendered the page from (React Router's state and the
 * query client's answers): data, never run (the CSP allows no inline script).
 */
export const HYDRATION_ELEMENT_ID = 'app-data';

/**
 * What a shared link of a detail page previews (Open Graph, Twitter cards):
 * the server's render says it from the title's answer, the server writes the
 * tags (decision 0107).
 */
export interface PageHead {
  kind: 'movies' | 'series';
  title: string;
  year: number;
  description: string;
  /** An upload's name ('' for none). */
  cover: string;
}

/**
 * The web app's server build (apps/web/src/entry-server.tsx, built into
 * dist/server) as the API server loads it (plugins/web-render.ts): one
 * interface for both sides (decision 0107).
 */
export interface ServerRenderOptions {
  /** How the app's API requests reach the server's routes, in process. */
  api: (url: string, init: RequestInit) => Promise<Response>;
  /** Ends the render (the client hung up). */
  signal?: AbortSignal;
  /** A part of the page that failed to render on the server (the browser renders it again). */
  onPartError?: (error: unknown) => void;
  /** Whether a player's title is out (the watch routes' 404). */
  titleExists?: (kind: 'movie' | 'episode', id: number) => Promise<boolean>;
  /**
   * The response's CSP nonce: React's scripts that reveal a part streamed
   * after the shell carry it (decision 0146).
   */
  nonce?: string;
  /**
   * Every part rendered before the first byte, none streamed: the page as
   * kept for every visitor, which carries no per-response nonce.
   */
  whole?: boolean;
}

export type ServerRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The page shows only answers the change feed announces changes of (a visitor's home, lists, detail pages): it may be kept. */
      cacheable: boolean;
      /** What a shared link of the page previews (a detail page's title), or null for the site's own. */
      head: PageHead | null;
      /** The page's document title, as the browser names it ('FAQs — Bosphorus'). */
      title: string;
      /** The page's own address, a path with its query: the head's canonical link and og:url. */
      canonical: string;
      /** Source paths of the modules the page has loaded on demand so far (the document names their files). */
      modules(): string[];
      /** The browser's copy of the render's data, as JSON: once the stream has ended, with every part's answers. */
      data(): string;
      /** Whether a part of the page failed on the server (the browser renders it again): such a page is not kept. */
      partFailed(): boolean;
      /**
       * Writes the page's HTML (React's stream) into `out`: the shell at
       * once, in the call, then each part that waited for its answer as it
       * is ready; `out` is ended after the last.
       */
      pipe(out: Writable): void;
    };

/**
 * On the links of a page's whole stylesheets: the server's preloads of them
 * at the end of the body (decision 0109), and the stylesheet links the
 * start-up script makes of those at the end of the head (decision 0154).
 */
export const PAGE_SHEET_ATTRIBUTE = 'data-page-sheet';

/**
 * The id of the `<script type="application/json">` at the end of the body
 * that lists the app's module scripts and the modules they import
 * (`AppModules`), in place of their tags: the start-up script adds them once
 * the first screen's pictures and the page's whole stylesheets are in, so on
 * a slow link those come before the app's code (decision 0142).
 */
export const APP_MODULES_ELEMENT_ID = 'app-modules';

/**
 * A User Timing mark the app makes as it starts fetching the next pages'
 * files (`AppModules.next`): what the page loaded for itself came before it
 * (the bench's "home's JavaScript", decision 0142).
 */
export const NEXT_PAGES_MARK = 'bosphorus:next-pages';

/** The longest a picture or stylesheet that is slow or lost holds the app's modules back (decision 0142). */
export const APP_MODULES_WAIT_MS = 2_000;

/** What the `APP_MODULES_ELEMENT_ID` element holds. */
export interface AppModules {
  /** Module scripts, each added once the one before it has run (the legacy loader after the modern entry). */
  scripts: string[];
  /** Modules they import, asked for at once as modulepreloads. */
  preloads: string[];
  /**
   * The files of the pages a viewer most likely opens next (the detail
   * pages' code and stylesheets, less what the page names already): the app
   * fetches them into the browser's cache once the page is idle, without
   * running or applying them (decision 0155).
   */
  next: string[];
}

export interface ServerEntry {
  render(request: Request, opts: ServerRenderOptions): Promise<ServerRenderResult>;
  /** TV mode from a user agent (the web app's own rule, spec §9). */
  isSmartTvUserAgent(userAgent: string | undefined | null): boolean;
  /**
   * Classes the start-up script may give <html> before the app renders (a
   * stored session's): the server keeps the stylesheet rules they need in
   * the page it writes (decision 0109).
   */
  rootClasses: readonly string[];
  /**
   * The source paths (from the web app's folder) of the code of the pages a
   * viewer most likely opens next: the route table's word, for `AppModules.next`.
   */
  nextPages(): Promise<string[]>;
}

/**
 * JSON inside `<script type="application/json">`: the browser ends the
 * element at the first `</script` whatever the quoting, and `<!--` changes how
 * it reads on; no `<` is left, so neither can occur (JSON.parse reads \u003c
 * back as `<`). U+2028/2029 are escaped too, harmless in JSON but not in
 * every reader's JavaScript.
 */
export function jsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

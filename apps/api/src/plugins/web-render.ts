import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  APP_MODULES_ELEMENT_ID,
  HYDRATION_ELEMENT_ID,
  jsonForScript,
  PAGE_SHEET_ATTRIBUTE,
  type AppModules,
  type PageHead,
  type ServerEntry,
} from '@bosphorus/contract';
import { TtlCache } from '../lib/ttl-cache.js';
import { classesIn, criticalCss, parseSheet, type ParsedSheet } from './critical-css.js';
import type { ChangeFeed } from '../lib/change-feed.js';

// The app's pages rendered here by the web app's own server build
// (apps/web/src/entry-server.tsx → dist/server/entry-server.mjs, decision
// 0107): the built index.html is the document, React's HTML of the page goes
// into its #root, the data the page was drawn from after it, and the
// stylesheets and modules of the page's lazily loaded code into its head
// (from the client build's manifest). A visitor's page is the same for
// everyone: kept per address (and TV or not) and dropped through the
// change feed with the catalogue answers it was made from.

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestEntry>;

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** What a shared link of the page previews, or null for the site's own. */
      head: PageHead | null;
      /** The page's document title, as the browser names it. */
      title: string;
      /** The page's own address (path and query): the canonical link and og:url. */
      canonical: string;
      /** React's HTML of the page's shell: all of it but the parts that wait for an answer (decision 0146). */
      shell: string;
      /**
       * React's HTML of each such part, with the script that puts it in
       * place, as it is ready; none for a page rendered `whole`.
       */
      parts: AsyncIterable<string>;
      /** The stylesheets of the page's lazily loaded code so far (addresses under /assets/). */
      styles(): string[];
      /** Its modules so far (addresses under /assets/), for the document's module list. */
      modules(): string[];
      /** Once the parts are in: the data the page was drawn from (JSON for the document's data element). */
      data(): string;
      /** Once the parts are in: whether one failed here (the browser draws it again); such a page is not kept. */
      partFailed(): boolean;
    };

export interface PageRenderer {
  /**
   * A page: `url` is the request's path and query, `site` the origin it came
   * to; `cacheable` when the page shows only catalogue answers, which the
   * change feed announces changes of (`keptPages`).
   */
  render(
    url: string,
    opts: { site: string; signal?: AbortSignal; nonce?: string; whole?: boolean },
  ): Promise<{ page: RenderedPage; cacheable: boolean }>;
  /** TV mode from a request's user agent (the web app's own rule). */
  isTv(userAgent: string | undefined): boolean;
  /** Classes the start-up script may give <html> before the first paint (the web app's word). */
  rootClasses: readonly string[];
  /**
   * The files of the pages a viewer most likely opens next (the route
   * table's word, `ServerEntry.nextPages`), less those the document names:
   * every page's `AppModules.next` (decision 0155).
   */
  next: string[];
}

const ROOT = '<div id="root"></div>';
const HEAD_MARKER = '<!--app-head-->';
/** Where the preloads of a page's whole stylesheets go: before the app's modules, at the end of the body. */
const STYLES_MARKER = '<!--page-styles-->';
/** Where the page's module list goes, after its stylesheets (decision 0142). */
const MODULES_MARKER = '<!--page-modules-->';

/** A CSP source allowing one inline element's exact text. */
export const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export interface FirstPaintDocument {
  /** The built index.html with the start-up script inline and the entry's stylesheet taken out. */
  html: string;
  /** CSP sources of the inline start-up script, for every page's policy. */
  scriptSources: string[];
  /** The app's module scripts and preloads the built index.html named, in its order (decision 0142). */
  modules: AppModules;
  /**
   * A page's stylesheets: the rules of the entry's and `styles` that can
   * style its HTML (`body`, with `rootClasses` on <html>), for a <style> in
   * its head, and the whole sheets' preloads for the end of its body.
   */
  stylesFor(page: { styles: string[]; body: string; rootClasses: readonly string[] }): PageStyles;
  /**
   * The rules a part streamed after the page's shell (decision 0146) can use
   * that were not sent before it (`sent`: the shell's, and earlier parts'),
   * for a <style> ahead of it; `styles` are the page's stylesheets by now.
   */
  partStyles(sent: PageStyles, part: { styles: string[]; body: string }): PageStyles;
}

export interface PageStyles {
  /** The rules the page's first paint can use (CSS text). */
  css: string;
  /**
   * The whole stylesheets, as preloads for the end of the body: the start-up
   * script makes a stylesheet link of each at the end of the head (decision 0154).
   */
  links: string;
  /** The stylesheets (addresses) and classes the rules were chosen for. */
  sheets: string[];
  classes: ReadonlySet<string>;
}

/**
 * The document a page goes into, ready to paint from its first round trip
 * (decisions 0107, 0109; measured on Slow 3G): the start-up script is
 * written into it instead of linked, and so are, per page, the stylesheet
 * rules its HTML can use (`stylesFor`); the whole stylesheets are preloaded
 * at the end of the body, where the first paint does not wait for them, and
 * applied once, at the end of the head, by the start-up script before it
 * adds the app's modules (decision 0154). The page's CSP allows exactly the
 * inline elements by their hashes. The app's module scripts and their
 * preloads are not tags of the document but a list the start-up script adds
 * once the page's first-screen pictures (the hero, the first posters) and
 * stylesheets are in (decision 0142): they are what hydration needs, not
 * what paints.
 */
export function firstPaintDocument(template: string, readAsset: (file: string) => string | null): FirstPaintDocument {
  let html = template;
  const scriptSources: string[] = [];
  const entry = /\s*<link rel="stylesheet" crossorigin href="(\/assets\/index-[\w-]+\.css)">/.exec(html);
  if (entry) html = html.replace(entry[0], '');
  const startup = /<script src="\/assets\/(startup-[\w-]+\.js)"><\/script>/.exec(html);
  const js = startup ? readAsset(startup[1]!) : null;
  if (startup && js !== null && !/<\/script|<!--/i.test(js)) {
    html = html.replace(startup[0], () => `<script>${js}</script>`);
    scriptSources.push(hashSource(js));
  }
  // The app's modules leave the head: the start-up script adds them from
  // the page's module list once the first screen's pictures are in (on a
  // link of six connections and a 2 s round trip, modules asked for first
  // held the connections the first posters waited for, decision 0107; in
  // Lighthouse's simulation every script that had arrived before the
  // largest picture was drawn was counted against it, decision 0142).
  const modules: AppModules = { scripts: [], preloads: [], next: [] };
  html = html.replace(
    /\s*<(script type="module"|link rel="modulepreload") crossorigin (?:src|href)="([^"]+)">(?:<\/script>)?/g,
    (_tag, kind: string, url: string) => {
      (kind.startsWith('script') ? modules.scripts : modules.preloads).push(url);
      return '';
    },
  );
  // The page's whole stylesheets, then its module list (MODULES_MARKER), at the end of the body.
  html = html.replace('</body>', () => `  ${STYLES_MARKER}\n    ${MODULES_MARKER}\n  </body>`);

  // Each stylesheet parsed once, when a page first names it (null: no such file).
  const sheets = new Map<string, ParsedSheet | null>();
  const sheetOf = (href: string) => {
    if (!sheets.has(href)) {
      const css = readAsset(href.slice('/assets/'.length));
      sheets.set(href, css === null || /<\/style/i.test(css) ? null : parseSheet(css));
    }
    return sheets.get(href)!;
  };
  const documentClasses = classesIn(html);
  const entrySheets = entry ? [entry[1]!] : [];
  const linksOf = (hrefs: string[]) =>
    hrefs
      .map(
        (href) =>
          `<link rel="preload" as="style" crossorigin fetchpriority="low" ${PAGE_SHEET_ATTRIBUTE} href="${escapeAttr(href)}">`,
      )
      .join('\n    ');
  const parsedOf = (hrefs: string[]) => hrefs.map(sheetOf).filter((sheet): sheet is ParsedSheet => sheet !== null);
  return {
    html,
    scriptSources,
    modules,
    stylesFor({ styles, body, rootClasses }) {
      const sheets = [...entrySheets, ...styles];
      const classes = classesIn(body, new Set([...documentClasses, ...rootClasses]));
      return { css: criticalCss(parsedOf(sheets), classes), links: linksOf(sheets), sheets, classes };
    },
    partStyles(sent, { styles, body }) {
      const sheets = [...entrySheets, ...styles];
      const classes = classesIn(body, new Set(sent.classes));
      // A sheet the shell did not have gives all the rules the part can use.
      const known = sheets.filter((href) => sent.sheets.includes(href));
      const fresh = sheets.filter((href) => !sent.sheets.includes(href));
      const css = criticalCss(parsedOf(known), classes, sent.classes) + criticalCss(parsedOf(fresh), classes);
      return { css, links: linksOf(sheets), sheets, classes };
    },
  };
}

/** A page's policy with its inline stylesheet and script allowed by their hashes. */
export function allowInline(csp: string, sources: { style: string[]; script: string[] }): string {
  const add = (policy: string, directive: string, more: string[]) =>
    more.length
      ? policy.replace(
          new RegExp(`(^|;)\\s*${directive} ([^;]*)`),
          (_m, sep: string, list: string) => `${sep}${directive} ${list} ${more.join(' ')}`,
        )
      : policy;
  return add(add(csp, 'style-src', sources.style), 'script-src', sources.script);
}

/** The files of `sources` and of every module they import, less those the document already names. */
export function filesOf(manifest: Manifest, sources: string[], named: Set<string>): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) return;
    js.add(`/${entry.file}`);
    for (const file of entry.css ?? []) css.add(`/${file}`);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  const fresh = (files: Set<string>) => [...files].filter((f) => !named.has(f));
  return { css: fresh(css), js: fresh(js) };
}

/**
 * A page's document from the built index.html, around React's HTML: `start`
 * is everything up to the shell (head tags, the inline stylesheet, the
 * opening of #root), `end` closes #root's HTML and gives the rest: the data
 * (none: the browser draws the page itself), the page's stylesheets and its
 * module list. The parts React streams after the shell go between the two,
 * after #root (decision 0146).
 */
export function documentFrame(
  template: string,
  parts: { head: string; tv: boolean; css: string; nonce?: string },
): { start: string; end: (tail: { data: string | null; links: string; modules: AppModules }) => string } {
  const nonce = parts.nonce ? ` nonce="${escapeAttr(parts.nonce)}"` : '';
  const style = parts.css ? `\n    <style${nonce}>${parts.css}</style>` : '';
  let html = template.replace(HEAD_MARKER, () => parts.head + style);
  if (parts.tv) html = html.replace('<html lang="en">', '<html lang="en" class="tv">');
  const [before, after = ''] = html.split(ROOT);
  return {
    start: `${before}<div id="root">`,
    end: ({ data, links, modules }) => {
      const element =
        data === null ? '' : `<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${data}</script>`;
      const list = jsonForScript(JSON.stringify(modules));
      return (
        element +
        after
          .replace(STYLES_MARKER, () => links)
          .replace(
            MODULES_MARKER,
            () => `<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">${list}</script>`,
          )
      );
    },
  };
}

/** A page's whole document (a kept page, or the bare document): `documentFrame` around all of React's HTML. */
export function documentOf(
  template: string,
  parts: { head: string; body: string; data: string | null; tv: boolean; styles?: PageStyles; modules: AppModules },
): string {
  const frame = documentFrame(template, { head: parts.head, tv: parts.tv, css: parts.styles?.css ?? '' });
  return `${frame.start}${parts.body}</div>${frame.end({ data: parts.data, links: parts.styles?.links ?? '', modules: parts.modules })}`;
}

/**
 * The document's module list with a page's own modules (`filesOf`: none the
 * document names) added to its preloads, and the next pages' files (decision
 * 0155) less those the page names already (its modules and `sheets`).
 */
export function modulesWith(
  document: AppModules,
  page: string[],
  next: string[] = [],
  sheets: string[] = [],
): AppModules {
  const preloads = [...document.preloads, ...page];
  const named = new Set([...document.scripts, ...preloads, ...sheets]);
  return { scripts: document.scripts, preloads, next: next.filter((file) => !named.has(file)) };
}

/**
 * React's stream of a page: what it writes in the `pipe` call (the shell,
 * everything of the page but the parts still waiting for an answer), and
 * then, as each batch of writes comes, the parts it streams after the shell.
 */
export function streamOf(pipe: (out: Writable) => void): { shell: string; parts: AsyncIterable<string> } {
  const decoder = new TextDecoder();
  let pending = '';
  let ended = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const out = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      wake?.();
      done();
    },
    final(done) {
      pending += decoder.decode();
      ended = true;
      wake?.();
      done();
    },
  });
  out.on('error', (error) => {
    failure = error;
    wake?.();
  });
  pipe(out);
  const shell = pending;
  pending = '';
  async function* parts(): AsyncGenerator<string> {
    for (;;) {
      if (pending) {
        // Writes of one turn of the event loop go out together.
        await new Promise((resolve) => setImmediate(resolve));
        const batch = pending;
        pending = '';
        yield batch;
      } else if (failure !== null) throw failure;
      else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  }
  return { shell, parts: parts() };
}

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Visitors' pages kept as sent, per address, for `cacheSeconds`; any
 * catalogue change the feed announces drops them all (they show catalogue
 * answers), and so does a feed that may have missed changes. Nothing is kept
 * while the feed is not live.
 */
export function keptPages<V>(cacheSeconds: number, feed: Pick<ChangeFeed, 'on' | 'onReset' | 'live'>) {
  const pages = new TtlCache<V>(cacheSeconds * 1000, 500);
  for (const kind of ['movie', 'series', 'catalogue'] as const) feed.on(kind, () => pages.clear());
  feed.onReset(() => pages.clear());
  return {
    get: (key: string) => (feed.live ? pages.get(key) : undefined),
    /** Whether a page set now is kept. */
    keeps: () => cacheSeconds > 0 && feed.live,
    set: (key: string, value: V) => {
      if (feed.live) pages.set(key, value);
    },
  };
}

/**
 * Loads the server build of `distDir`, or null when there is none (the app
 * is then drawn in the browser from the bare document).
 */
export async function loadPageRenderer(opts: {
  distDir: string;
  template: string;
  /** The API's answer to a GET, in process (the page's data, as the browser would get it). */
  api: (url: string) => Promise<Response>;
  /** Whether a player's title is out: the watch pages' 404 (the viewer's page itself is the browser's). */
  titleExists: (kind: 'movie' | 'episode', id: number) => Promise<boolean>;
  onPartError: (error: unknown) => void;
}): Promise<PageRenderer | null> {
  const entryFile = path.join(opts.distDir, 'server', 'entry-server.mjs');
  const manifestFile = path.join(opts.distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(entryFile) || !fs.existsSync(manifestFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const named = new Set([...opts.template.matchAll(/\b(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!));
  const next = filesOf(manifest, await entry.nextPages(), named);

  return {
    isTv: (userAgent) => entry.isSmartTvUserAgent(userAgent),
    rootClasses: entry.rootClasses,
    next: [...next.css, ...next.js],
    async render(url, { site, signal, nonce, whole }) {
      const request = new Request(site + url, { headers: { accept: 'text/html' }, ...(signal ? { signal } : {}) });
      const result = await entry.render(request, {
        api: (apiUrl) => opts.api(apiUrl),
        ...(signal ? { signal } : {}),
        ...(nonce ? { nonce } : {}),
        ...(whole ? { whole } : {}),
        onPartError: opts.onPartError,
        titleExists: opts.titleExists,
      });
      if (result.kind === 'redirect')
        return { page: result, cacheable: result.status === 301 || result.status === 308 };
      const files = () => filesOf(manifest, result.modules(), named);
      const { shell, parts } = streamOf(result.pipe);
      return {
        page: {
          kind: 'page' as const,
          status: result.status,
          head: result.head,
          title: result.title,
          canonical: result.canonical,
          shell,
          parts,
          styles: () => files().css,
          modules: () => files().js,
          data: () => result.data(),
          partFailed: () => result.partFailed(),
        },
        cacheable: result.cacheable,
      };
    },
  };
}

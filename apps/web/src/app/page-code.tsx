import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { PAGE_LOAD_TEXTS } from '@bosphorus/contract';
import { Spinner } from '../components/ui/spinner';
import { pageTitle, useDocumentTitle } from '../lib/document-title';

// A page's code loads on demand (router.tsx). When that fails — the server
// restarting, the connection gone, a deploy that replaced the files — the
// route must not fail for good: React Router keeps a lazy route's rejected
// promise, so a page that failed once would stay failed. Instead the route
// gets a stand-in that shows a retry state inside the layout (header kept),
// tries again by itself when the browser is back online and with a backoff,
// and after a deploy (the file answers 404) reloads once to the new version
// (decision 0052).

/** What a route's lazy function returns here: an element or a component. */
export interface PageModule {
  element?: ReactNode;
  Component?: ComponentType;
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script|Loading (?:CSS )?chunk/i;

/** True for the errors a browser or Vite raises when a page's code or stylesheet cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** The file a chunk error names, if any. */
export function failedFileOf(error: unknown): string | null {
  const match = error instanceof Error ? /(https?:\/\/[^\s'"]+|\/assets\/[^\s'"]+)/.exec(error.message) : null;
  return match ? match[1]!.replace(/[.,)]+$/, '') : null;
}

export const RELOAD_KEY = 'bosphorus.reloaded-for';
/** Waits between tries: 1 s doubling to 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** attempt);
}

/**
 * After a deploy the old file is gone (404): reload once to get the new
 * index.html; never twice for the same file (a broken deploy must not loop).
 */
async function reloadIfDeployed(file: string | null): Promise<boolean> {
  if (!file) return false;
  let status: number;
  try {
    status = (await fetch(file, { method: 'HEAD', cache: 'no-store' })).status;
  } catch {
    return false; // the server is unreachable: wait and retry
  }
  if (status !== 404) return false;
  try {
    if (sessionStorage.getItem(RELOAD_KEY) === file) return false;
    sessionStorage.setItem(RELOAD_KEY, file);
  } catch {
    return false; // no way to remember the reload: never risk a loop
  }
  window.location.reload();
  return true;
}

function render(module: PageModule): ReactNode {
  return module.element ?? (module.Component ? createElement(module.Component) : null);
}

function PageCodeRetry({ load, firstError }: { load: () => Promise<PageModule>; firstError: unknown }) {
  const [loaded, setLoaded] = useState<PageModule | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [trying, setTrying] = useState(true);
  // Not a fetch failure (the code itself threw): the route's error element shows it.
  const [fatal, setFatal] = useState<{ error: unknown } | null>(null);
  if (fatal) throw fatal.error;
  useDocumentTitle(loaded ? null : pageTitle(PAGE_LOAD_TEXTS.title));

  useEffect(() => {
    if (loaded) return;
    let cancelled = false;
    let timer: number | undefined;
    const tryNow = async () => {
      if (cancelled) return;
      window.clearTimeout(timer);
      window.removeEventListener('online', tryNow);
      setTrying(true);
      try {
        const module = await load();
        if (!cancelled) setLoaded(module);
      } catch (error) {
        if (cancelled) return;
        if (!isChunkLoadError(error)) return setFatal({ error });
        if (await reloadIfDeployed(failedFileOf(error))) return;
        setTrying(false);
        setAttempt((n) => n + 1);
      }
    };
    if (attempt === 0) {
      // The first failure just happened: see whether it was a deploy, then wait.
      void (async () => {
        if (await reloadIfDeployed(failedFileOf(firstError))) return;
        if (cancelled) return;
        setTrying(false);
        timer = window.setTimeout(tryNow, backoffMs(0));
        window.addEventListener('online', tryNow);
      })();
    } else {
      timer = window.setTimeout(tryNow, backoffMs(attempt));
      window.addEventListener('online', tryNow);
    }
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      window.removeEventListener('online', tryNow);
    };
  }, [attempt, load, loaded, firstError]);

  if (loaded) return render(loaded);
  return (
    <main id="main" className="page page--narrow page-load-error">
      <h1 className="page-title">{PAGE_LOAD_TEXTS.title}</h1>
      {trying ? <Spinner label={PAGE_LOAD_TEXTS.retrying} /> : <p role="status">{PAGE_LOAD_TEXTS.offline}</p>}
      {trying ? null : (
        <p>
          <button
            data-nav-entry="retry"
            type="button"
            className="btn btn--primary"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {PAGE_LOAD_TEXTS.retry}
          </button>
        </p>
      )}
    </main>
  );
}

/**
 * A route's `lazy` that never fails for good on a chunk error: the route then
 * renders PageCodeRetry, which renders the page once its code arrives (and
 * at once on every later visit).
 */
export function pageCode(load: () => Promise<PageModule>): () => Promise<PageModule> {
  return async () => {
    try {
      // The router asks for the page's code within its navigation's task;
      // fetching it (the preload links of its files, the import) starts in
      // the next, so a phone's main thread is not held by both (decision 0102).
      await new Promise((resolve) => setTimeout(resolve, 0));
      const module = await load();
      // The page's module was evaluated in this task: it draws in the next,
      // so a phone's main thread is not held by both at once (decision 0099).
      await new Promise((resolve) => setTimeout(resolve, 0));
      return module;
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      let cached: PageModule | null = null;
      const loadOnce = async () => (cached ??= await load());
      return { element: <PageCodeRetry load={loadOnce} firstError={error} /> };
    }
  };
}

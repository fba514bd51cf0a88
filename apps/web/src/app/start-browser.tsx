import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from './query-client';
import { createRoutes } from './routes';
import { hydrate } from '@tanstack/react-query';
import { readHydration } from './hydration';
import { startTvMode } from './tv-mode';
import { keepRestoredScroll } from './restored-scroll';
import { AppRoot } from './app-root';

// The browser's side of the server's render (decision 0107): the page in
// #root was rendered by the server from the same route table and
// components; the app takes it over with hydrateRoot, from the data the
// server drew it from (the document's data element), so React keeps the
// server's HTML. A document without that data (the server could not render
// the page) is drawn here with createRoot.

/** The code of the lazily loaded pages the address matches, before hydration draws them. */
async function loadMatchedPages(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const page = await route.lazy();
      Object.assign(route, { ...page, lazy: undefined });
    }),
  );
}

/**
 * Starts the app on this document: hydrates the server's page, or draws it
 * where the server sent none. `onRecoverableError` hears a hydration that
 * failed (tests); without one, it is logged with console.error.
 */
export async function startBrowserApp(opts: { onRecoverableError?: (error: unknown) => void } = {}) {
  const queryClient = createQueryClient();
  const served = readHydration();
  if (served) hydrate(queryClient, served.queries);
  const routes = createRoutes({ queryClient, server: false });
  if (served) await loadMatchedPages(routes);
  const router = createBrowserRouter(routes, served ? { hydrationData: served.router } : {});
  startTvMode(router);
  keepRestoredScroll(router);
  const root = document.getElementById('root')!;
  const app = (
    <AppRoot queryClient={queryClient} origin={window.location.origin}>
      <RouterProvider router={router} />
    </AppRoot>
  );
  // A hydration that failed is React's to recover from (it draws the part
  // again): logged, never the start-up script's System Error screen, which
  // a reported error before the first commit would bring up.
  const options = { onRecoverableError: opts.onRecoverableError ?? ((error: unknown) => console.error(error)) };
  // Hydration as a transition, as React Router's own client entry does: React
  // then yields to the browser between units of work (a tap, a paint)
  // instead of taking the main thread for the whole page in one task.
  if (served) startTransition(() => void hydrateRoot(root, app, options));
  else createRoot(root, options).render(app);
  return router;
}

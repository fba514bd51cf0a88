import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from './app/query-client';
import { createRoutes } from './app/routes';
import { hydrateQueries, readHydration } from './app/hydration';
import { startTvMode } from './app/tv-mode';
import { keepRestoredScroll } from './app/restored-scroll';
import { installTag } from './lib/analytics';
import { markStarted } from './lib/startup';
import { SiteOriginContext } from './lib/site-origin';
import './styles/global.css';

// The browser's side of the server's render (decision 0107): the page in
// #root was rendered by the server from the same route table and
// components; the app takes it over with hydrateRoot, from the data the
// server drew it from (the document's data element), so React keeps the
// server's HTML. A document without that data (the server could not render
// the page) is drawn here with createRoot.

// Spec §7: the global tag function, before anything can send an event.
installTag();

/** Spec §4 Start-up: the first commit clears the start-up script's 15-second timer. */
function Started() {
  useEffect(() => markStarted(), []);
  return null;
}

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

async function start() {
  const queryClient = createQueryClient();
  const served = readHydration();
  if (served) hydrateQueries(queryClient, served);
  const routes = createRoutes({ queryClient, server: false });
  if (served) await loadMatchedPages(routes);
  const router = createBrowserRouter(routes, served ? { hydrationData: served.router } : {});
  startTvMode(router);
  keepRestoredScroll(router);
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <Started />
      <SiteOriginContext value={window.location.origin}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SiteOriginContext>
    </StrictMode>
  );
  if (served) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();

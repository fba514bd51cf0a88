import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { startTvMode } from './app/tv-mode';
import { followShellScroll, keepRestoredScroll } from './app/restored-scroll';
import { installTag } from './lib/analytics';
import { markStarted } from './lib/startup';
import { firstViewDrawn } from './lib/hooks/use-after-first-view';
import { keepShellBackdrop } from './lib/shell-backdrop';
import './styles/global.css';

const queryClient = createQueryClient();
// The viewer may be scrolling the shell already: kept through the first render.
followShellScroll();
// Spec §7: the global tag function, before anything can send an event.
installTag();

/** Spec §4 Start-up: the first render clears the start-up script's 15-second timer. */
function Started() {
  useEffect(() => {
    markStarted();
    firstViewDrawn();
  }, []);
  return null;
}

// Three tasks for a phone's main thread instead of one (issue 15, decisions
// 0098, 0099): the modules' evaluation; the router, whose first navigation
// starts loading the page's code; then the first render.
setTimeout(() => {
  const router = createAppRouter();
  startTvMode(router);
  keepRestoredScroll(router);
  keepShellBackdrop();
  setTimeout(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Started />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
});

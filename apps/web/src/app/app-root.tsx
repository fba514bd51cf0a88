import { StrictMode, useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { markStarted } from '../lib/startup';
import { SiteOriginContext } from '../lib/site-origin';

// What wraps the router on both sides (decision 0107): the server's render
// (entry-server.tsx) and the browser's hydration (main.tsx) must build the
// same tree above the pages, or React's generated ids (useId: a label's
// `for`, a panel's `aria-controls`) differ between the two.

/** Spec §4 Start-up: the first commit clears the start-up script's 15-second timer (never on the server). */
function Started() {
  useEffect(() => markStarted(), []);
  return null;
}

export function AppRoot({
  queryClient,
  origin,
  children,
}: {
  queryClient: QueryClient;
  /** The site's origin the viewer opened (share links). */
  origin: string;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <Started />
      <SiteOriginContext value={origin}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </SiteOriginContext>
    </StrictMode>
  );
}

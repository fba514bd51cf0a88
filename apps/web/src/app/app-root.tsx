import { StrictMode, useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { markStarted } from '../lib/startup';
import { SiteOriginContext } from '../lib/site-origin';
import { DocumentHeadContext, type DocumentHead } from '../lib/document-title';

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
  head = null,
  children,
}: {
  queryClient: QueryClient;
  /** The site's origin the viewer opened (share links). */
  origin: string;
  /** The server's render: where the page's title and canonical address are written down. */
  head?: DocumentHead | null;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <Started />
      <SiteOriginContext value={origin}>
        <DocumentHeadContext value={head}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </DocumentHeadContext>
      </SiteOriginContext>
    </StrictMode>
  );
}

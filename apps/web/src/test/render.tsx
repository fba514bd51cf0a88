import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { Toaster } from '../components/ui/toast';

// Rendering for the web tests: a fresh query client that never retries (so a
// failed answer shows at once), a memory router, and the current location
// as text for tests that follow a navigation.

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** The current path (and, with `search`, the query string) in `data-testid="location"`. */
export function Location({ search = false }: { search?: boolean }) {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + (search ? location.search : '')}</div>;
}

export interface ProvidersOptions {
  /** Where the memory router starts ('/' if not given). */
  url?: InitialEntry;
  client?: QueryClient;
}

/** `ui` inside a query client and a memory router. */
export function renderWithProviders(ui: ReactNode, { url = '/', client = testQueryClient() }: ProvidersOptions = {}) {
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

export interface RouteOptions {
  /** More routes beside the one under test (a page it sends people to). */
  routes?: ReactNode;
  /** Show the query string in the location too. */
  search?: boolean;
}

/**
 * A page at `url`, routed by `path` as the app routes it; any other address
 * shows 'elsewhere'. With the location and the toasts.
 */
export function renderRoute(url: InitialEntry, path: string, element: ReactNode, options: RouteOptions = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={element} />
        {options.routes}
        <Route path="*" element={<main>elsewhere</main>} />
      </Routes>
      <Location search={options.search} />
      <Toaster />
    </>,
    { url },
  );
}

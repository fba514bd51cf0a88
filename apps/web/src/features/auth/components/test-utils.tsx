import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from '../../../components/ui/toast';

// Shared by the account-screen tests: a fetch mock answering per path, and a
// render with router, query client, toasts and the current location.

export type Answer = { status: number; body?: unknown };
export type Route_ = (path: string, form: URLSearchParams, url: URL) => Answer;

export function mockFetch(route: () => Route_) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    const { status, body } = route()(url.pathname.replace(/^\/api/, ''), form, url);
    return new Response(JSON.stringify(body ?? {}), { status });
  });
}

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export function renderAt(url: string, path: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<main>elsewhere</main>} />
        </Routes>
        <Location />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export const AUTH_USER = {
  user_id: 7,
  user_name: 'Ayşe',
  user_email: 'ayse@example.com',
  email_verified: '1',
  is_banned: '0',
  user_status: '1',
  image_url: null,
  plan_id: null,
  expired_at: null,
  role: 'user',
} as const;

export const OPTIONS = (provider: 'altcha' | 'off' | 'recaptcha' = 'off', google = true) => ({
  status: 200,
  body: { body: { google, captcha: { provider } } },
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { DEFAULT_DOCUMENT_TITLE, RouteTitle, useDocumentTitle, type RouteHandle } from './document-title';

// Issue 10: every route has its own document title.

function Named({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return <p>page</p>;
}

function routerAt(path: string) {
  return createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <RouteTitle />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>home</p> },
          { path: 'signin', handle: { title: 'Sign in' } satisfies RouteHandle, element: <p>sign in</p> },
          { path: 'detail', element: <Named title="Diriliş: Ertuğrul (2014) — Bosphorus" /> },
          { path: 'loading', element: <Named title={null} /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
}

afterEach(cleanup);

describe('document titles', () => {
  it('names a route by its handle, and the site where a route names nothing', async () => {
    const router = routerAt('/signin');
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Sign in — Bosphorus');
    await act(() => router.navigate('/'));
    expect(document.title).toBe(DEFAULT_DOCUMENT_TITLE);
    await act(() => router.navigate('/signin'));
    expect(document.title).toBe('Sign in — Bosphorus');
  });

  it("lets a page name itself from its data, over the route's title", async () => {
    const router = routerAt('/signin');
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/detail'));
    expect(document.title).toBe('Diriliş: Ertuğrul (2014) — Bosphorus');
    await act(() => router.navigate('/loading'));
    expect(document.title).toBe(DEFAULT_DOCUMENT_TITLE);
    await act(() => router.navigate('/signin'));
    expect(document.title).toBe('Sign in — Bosphorus');
  });
});

// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { dehydrate, hydrate, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { HYDRATION_ELEMENT_ID, QUERY_DEFAULTS } from '@bosphorus/contract';
import { ApiError } from '../lib/api';
import { createQueryClient } from './query-client';
import { readHydration, serializeHydration } from './hydration';

// The data a server's render carried (decision 0107), read back by the
// browser: its answers are current as the page arrives, however long ago the
// kept page was rendered (decision 0128), so the page's first render (the
// hydration) asks for nothing again and draws what the server drew.

const KEY = ['series-list', 'page=1'];

/** A document holding what the server wrote for a render made at `renderedAt`. */
async function servedDocument(renderedAt: number): Promise<Document> {
  const server = new QueryClient();
  const realNow = Date.now;
  Date.now = () => renderedAt;
  try {
    await server.fetchQuery({ queryKey: KEY, queryFn: async () => ({ series: ['Kuruluş Osman'] }) });
    await server
      .fetchQuery({
        queryKey: ['movies', 'detail', 9, 'visitor'],
        queryFn: async () => Promise.reject(new ApiError(404, 'Not found')),
        retry: false,
      })
      .catch(() => {});
  } finally {
    Date.now = realNow;
  }
  const text = serializeHydration({
    router: { loaderData: {}, actionData: null, errors: null },
    queries: dehydrate(server, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' }),
  });
  document.body.innerHTML = `<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${text}</script>`;
  return document;
}

describe('readHydration', () => {
  it("counts the served answers as fetched when the page arrives: a page kept for minutes (or a server clock behind the browser's) is not asked for again as it hydrates", async () => {
    const renderedAt = Date.now() - 10 * QUERY_DEFAULTS.staleTimeMs;
    const served = readHydration(await servedDocument(renderedAt), Date.now());
    expect(served).not.toBeNull();
    const client = createQueryClient();
    hydrate(client, served!.queries);

    let asked = 0;
    const firstRender: boolean[] = [];
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(
      () => {
        const q = useQuery({
          queryKey: KEY,
          queryFn: async () => {
            asked++;
            return { series: [] };
          },
        });
        firstRender.push(q.isFetching);
        return q;
      },
      { wrapper },
    );
    expect(firstRender[0], 'the first render shows the served answer, not a fetch').toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toBe(0);
    expect(client.getQueryData(KEY)).toEqual({ series: ['Kuruluş Osman'] });
  });

  it('brings a served 404 back as the API error it was', async () => {
    const served = readHydration(await servedDocument(Date.now()));
    const failed = served!.queries.queries.find((q) => q.queryKey[0] === 'movies')!;
    expect(failed.state.status).toBe('error');
    expect(failed.state.error).toBeInstanceOf(ApiError);
    expect((failed.state.error as ApiError).status).toBe(404);
  });

  it('reads nothing from a document the server did not render', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readHydration(document)).toBeNull();
  });
});

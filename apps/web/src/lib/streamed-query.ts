import { use } from 'react';
import { isServer, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

// A part of a page that its first screen does not wait for (decision 0146):
// its answer is asked for beside the page's own (route-data.ts
// `detailLoader`'s `more`), but the page's shell is rendered and sent
// without it. On the server the part suspends until its answer has settled,
// inside a Suspense boundary whose fallback is the part's skeleton: React
// sends the shell with the skeleton and streams the part into the same
// response once the answer is in. In the browser it is a plain query: the
// answer came with the page (the document's data, written after the last
// part), so hydration draws what the server drew; on a navigation the part
// shows its skeleton until it answers.

/**
 * Marks a streamed part's answer (its query's meta): the page's shell does
 * not wait for it, and one that failed leaves the page standing
 * (entry-server.tsx).
 */
const STREAMED_PART = 'streamedPart';

/** A part's query options, marked as a streamed part's. */
export function asStreamedPart<T extends { meta?: Record<string, unknown> | undefined }>(options: T): T {
  return { ...options, meta: { ...options.meta, [STREAMED_PART]: true } };
}

/** Whether a query is a streamed part's. */
export const isStreamedPart = (query: { meta?: Record<string, unknown> | undefined }) =>
  query.meta?.[STREAMED_PART] === true;

/** The server's wait for each query's answer, one per query for all the part's renders. */
const settling = new WeakMap<object, Promise<void>>();

export function useStreamedQuery<TData, TKey extends QueryKey>(options: UseQueryOptions<TData, Error, TData, TKey>) {
  const client = useQueryClient();
  options = asStreamedPart(options);
  if (isServer) {
    const query = client.getQueryCache().build(client, options);
    if (query.state.status === 'pending') {
      let settled = settling.get(query);
      if (!settled) {
        // A failure is the part's to draw (as in the browser), not the page's.
        settled = client.fetchQuery(options).then(
          () => undefined,
          () => undefined,
        );
        settling.set(query, settled);
      }
      use(settled);
    }
  }
  return useQuery(options);
}

import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '@bosphorus/contract';
import { ApiError } from '../lib/api';

// Spec §9 data-query defaults: retries 3 (2 on Safari), exponential delay
// capped at 30 s, stale 30 s, cache 5 min, no refetch on focus, refetch on
// reconnect; mutations 2 retries with 1 s delay. A 4xx is an answer, not a
// glitch: it is never retried.

const isSafari = () =>
  typeof navigator !== 'undefined' && /^((?!chrome|android|crios|fxios).)*safari/i.test(navigator.userAgent);

/**
 * The app's query client. The server's render (`server`) asks each answer
 * once: the page draws a failure as it would in the browser, which retries.
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}) {
  const maxRetries = server ? 0 : isSafari() ? QUERY_DEFAULTS.retriesSafari : QUERY_DEFAULTS.retries;
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < maxRetries,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, QUERY_DEFAULTS.maxRetryDelayMs),
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: {
        retry: QUERY_DEFAULTS.mutationRetries,
        retryDelay: QUERY_DEFAULTS.mutationRetryDelayMs,
      },
    },
  });
}

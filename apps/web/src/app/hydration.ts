import type { DehydratedState } from '@tanstack/react-query';
import { isRouteErrorResponse, type HydrationState } from 'react-router';
import { HYDRATION_ELEMENT_ID, jsonForScript } from '@bosphorus/contract';
import { ApiError } from '../lib/api';

// The data a server render drew the page from, carried to the browser once,
// in one `<script type="application/json">` after #root (the CSP allows no
// inline script, decision 0107): React Router's state (its loaders' results
// and errors) and the query client's answers, its 404s included (a page
// with any other failed answer is not rendered there), so the browser's first
// render is the server's, and hydration keeps its HTML.

export interface HydrationPayload {
  router: HydrationState;
  queries: DehydratedState;
}

interface SerializedError {
  __error: 'api' | 'route' | 'error';
  status?: number;
  statusText?: string;
  message?: string;
  field?: string;
  data?: unknown;
}

function serializeError(error: unknown): SerializedError {
  if (error instanceof ApiError) {
    return {
      __error: 'api',
      status: error.status,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
      ...(error.data ? { data: error.data } : {}),
    };
  }
  if (isRouteErrorResponse(error)) {
    return { __error: 'route', status: error.status, statusText: error.statusText, data: error.data };
  }
  return { __error: 'error', message: error instanceof Error ? error.message : String(error) };
}

function reviveError(value: unknown): unknown {
  const error = value as SerializedError | null;
  switch (error?.__error) {
    case 'api':
      return new ApiError(
        error.status ?? 0,
        error.message ?? '',
        error.field,
        (error.data as Record<string, unknown>) ?? null,
      );
    case 'route':
      // React Router's own shape of a route error response.
      return { status: error.status, statusText: error.statusText ?? '', internal: false, data: error.data };
    case 'error':
      return new Error(error.message);
    default:
      return value;
  }
}

const mapValues = <T, U>(record: Record<string, T> | null | undefined, map: (value: T) => U) =>
  record ? Object.fromEntries(Object.entries(record).map(([k, v]) => [k, map(v)])) : record;

/** The payload as the JSON text of the data element (escaped for inside `<script>`). */
export function serializeHydration(payload: HydrationPayload): string {
  const out = {
    router: { ...payload.router, errors: mapValues(payload.router.errors, serializeError) },
    queries: {
      ...payload.queries,
      queries: payload.queries.queries.map((q) =>
        q.state.error ? { ...q, state: { ...q.state, error: serializeError(q.state.error) } } : q,
      ),
    },
  };
  return jsonForScript(JSON.stringify(out));
}

/**
 * Reads the data element the server wrote (null without one: the page was
 * not rendered there). Its answers count as fetched `now`: a kept page
 * (web-render.ts `keptPages`) may have been rendered minutes ago, but it is
 * dropped on any change to the answers it shows, so they are current as it
 * arrives; and the server's clock is not the browser's. Counted from the
 * render, an answer older than its stale time would be asked for again as
 * the page hydrates, and the page's first render would show that fetch (the
 * list's spinner) where the server's HTML has none: a hydration mismatch.
 */
export function readHydration(doc: Document = document, now = Date.now()): HydrationPayload | null {
  const element = doc.getElementById(HYDRATION_ELEMENT_ID);
  if (!element) return null;
  try {
    const raw = JSON.parse(element.textContent ?? '') as HydrationPayload;
    return {
      router: { ...raw.router, errors: mapValues(raw.router.errors, reviveError) as HydrationState['errors'] },
      queries: {
        ...raw.queries,
        queries: raw.queries.queries.map((q) => ({
          ...q,
          state: {
            ...q.state,
            ...(q.state.dataUpdatedAt ? { dataUpdatedAt: now } : {}),
            ...(q.state.error ? { error: reviveError(q.state.error) as Error, errorUpdatedAt: now } : {}),
          },
        })),
      },
    };
  } catch {
    return null;
  }
}

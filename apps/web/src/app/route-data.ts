import { data, type LoaderFunctionArgs } from 'react-router';
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { API_ERRORS, type PageHead } from '@bosphorus/contract';
import { ApiError } from '../lib/api';
import { getStoredUser, viewerKeyOf } from '../lib/session';
import { asStreamedPart } from '../lib/streamed-query';

// What a public page needs before it can draw, named once per route in the
// route table (routes.tsx) and used by both renderers (decision 0107):
// - on the server, the route's loader fills the request's query client with
//   the visitor's answers before React renders the page, and the page's own
//   useQuery finds them there; the answers then travel to the browser in the
//   document (entry-server.tsx), so hydration draws the same page;
// - in the browser the loader waits for nothing: it starts the page's
//   queries for the signed-in viewer or the visitor (beside the page's code,
//   not after it), and the page draws at once, its skeleton until they
//   answer, so a navigation is never held up by the network.

export interface RouteDataContext {
  queryClient: QueryClient;
  /** True in the server's render: the loaders wait for the page's answers. */
  server: boolean;
  /**
   * The server's word on whether a player's title is out (a movie, an
   * episode): the watch pages are the signed-in viewer's, so no visitor's
   * answer says it. Only on the server.
   */
  titleExists?: (kind: 'movie' | 'episode', id: number) => Promise<boolean>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * A route's queries for a request and a viewer ('visitor' on the server):
 * none, one or several query options; a promise of them where the page's
 * queries are in its own code (kept out of the home route's files).
 */
export type RouteQueries = (args: LoaderFunctionArgs, viewer: string) => AnyQuery[] | Promise<AnyQuery[]>;

/** Starts the queries in the browser, for whoever is signed in; an answer still fresh is not asked again. */
function prefetch(context: RouteDataContext, queries: AnyQuery[]): null {
  for (const query of queries) void context.queryClient.prefetchQuery(query);
  return null;
}

/** Who the browser's queries are for (lib/session.ts useViewerKey). */
const browserViewer = () => viewerKeyOf(getStoredUser());

/** The HTTP status a page answers with when one of its answers is a 404 (an unknown title). */
export const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A route's loader from its queries. On the server it waits for them (a
 * failed one stays in the cache, and the page is then left to the browser:
 * entry-server.tsx), and answers 404 when one was a 404;
 * in the browser it starts them and returns at once.
 */
export function loaderOf(context: RouteDataContext, queries: RouteQueries) {
  return async (args: LoaderFunctionArgs) => {
    if (!context.server) return prefetch(context, await queries(args, browserViewer()));
    const results = await Promise.allSettled(
      (await queries(args, 'visitor')).map((q) => context.queryClient.fetchQuery(q)),
    );
    const missing = results.some((r) => r.status === 'rejected' && notFound(r.reason));
    return missing ? data(null, { status: 404 }) : null;
  };
}

/**
 * A detail page's loader: its title's answer, on the server, with what a
 * shared link of the page previews (its head), or a 404 for a title that is
 * not out (or an id that is not one). `more` are the page's other answers,
 * below its first screen: asked for at once, but not waited for; their
 * parts are streamed after the page's shell (lib/streamed-query.ts,
 * decision 0146), and a failed one is the part's to draw, as in the browser.
 */
export function detailLoader<B>(
  context: RouteDataContext,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: (id: number, viewer: string) => FetchQueryOptions<B, Error, B, any>,
  headOf: (body: B) => PageHead,
  parseId: (raw: string | undefined) => number | null,
  more: (id: number) => AnyQuery[] = () => [],
) {
  return async ({ params }: LoaderFunctionArgs) => {
    const id = parseId(params.id);
    if (!context.server) return id === null ? null : prefetch(context, [query(id, browserViewer()), ...more(id)]);
    if (id === null) return data(null, { status: 404 });
    prefetch(context, more(id).map(asStreamedPart));
    try {
      return { head: headOf(await context.queryClient.fetchQuery(query(id, 'visitor'))) };
    } catch (error) {
      // A failure other than a 404 stays in the cache: the browser draws the page (entry-server.tsx).
      return notFound(error) ? data(null, { status: 404 }) : null;
    }
  };
}

/** A player's loader: a 404 on the server for a title that is not out (the page itself is the viewer's). */
export function watchLoader(
  context: RouteDataContext,
  kind: 'movie' | 'episode',
  parseId: (raw: string | undefined) => number | null,
) {
  return async ({ params }: LoaderFunctionArgs) => {
    if (!context.server || !context.titleExists) return null;
    const id = parseId(params.id);
    return id !== null && (await context.titleExists(kind, id)) ? null : data(null, { status: 404 });
  };
}

/** The not-found route's loader: the app's 'Page not found' screen, with a 404 status for crawlers. */
export const notFoundLoader = (context: RouteDataContext) => () =>
  context.server ? data(null, { status: 404, statusText: API_ERRORS.notFound }) : null;

import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { createQueryClient } from './app/query-client';
import { createRoutes } from './app/routes';
import { routePaths as routePathsOf } from './app/route-paths';
import { setApiTransport } from './lib/api';
import { notFound } from './app/route-data';
import { isStreamedPart } from './lib/streamed-query';
import { ROOT_CLASSES } from './lib/auth-store';
import { collectModules } from './server/render-modules';
import { detailPagesWarmer } from './lib/page-warmer';
import { serializeHydration } from './app/hydration';
import { AppRoot } from './app/app-root';
import { DEFAULT_DOCUMENT_TITLE, type DocumentHead } from './lib/document-title';
import type { PageHead, ServerRenderOptions, ServerRenderResult } from '@bosphorus/contract';
import type { Writable } from 'node:stream';

// The server's render of a page (decision 0107): React Router's static
// handler matches the request against the app's own route table and runs
// the matched routes' loaders (the visitor's answers, into a query client of
// the request's own); React renders the page with the same components the
// browser hydrates; the answers and the router's state travel with the page
// as one JSON data element (hydration.ts), read back by main.tsx.

export type RenderOptions = ServerRenderOptions;
export type RenderResult = ServerRenderResult;

let transportSet = false;

/**
 * The router's data as the browser gets it: a detail route's head is the
 * server's alone (its document's head); the page reads its answer, which is
 * in the data once, with the queries.
 */
function browserLoaderData(loaderData: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(loaderData).map(([id, data]) => [
      id,
      data && typeof data === 'object' && 'head' in data ? null : data,
    ]),
  );
}

/** The deepest route's word on the page's head (route-data.ts `detailLoader`). */
function headOf(loaderData: Record<string, unknown>): PageHead | null {
  const heads = Object.values(loaderData).map((d) => (d as { head?: PageHead } | null)?.head ?? null);
  return heads.filter((h) => h !== null).at(-1) ?? null;
}

/**
 * The address of a page that names none of its own (useCanonicalPath): its
 * route's, when the route has no parameter (`/SERVICES/` → `/services`,
 * `/signin?next=…` → `/signin`); else the request's path.
 */
function routeAddress(matches: StaticHandlerContext['matches'], pathname: string): string {
  const pattern = `/${matches.map(({ route }) => route.path ?? '').join('/')}`.replace(/\/+/g, '/');
  const address = /[:*]/.test(pattern) ? pathname : pattern;
  return address.length > 1 ? address.replace(/\/+$/, '') : address;
}

export async function render(request: Request, opts: RenderOptions): Promise<RenderResult> {
  if (!transportSet) {
    setApiTransport(opts.api);
    transportSet = true;
  }
  const modules = new Set<string>();
  return collectModules(modules, async (): Promise<RenderResult> => {
    const queryClient = createQueryClient({ server: true });
    const handler = createStaticHandler(
      createRoutes({ queryClient, server: true, ...(opts.titleExists ? { titleExists: opts.titleExists } : {}) }),
    );
    const context = await handler.query(request);
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
    }
    // An answer that failed here (other than a 404, which is the page's own
    // word: not found) is not drawn as the page's error: the browser asks
    // again on its first render (a query's retry on mount), so that render
    // would not be this one. The page is left to the browser (web.ts sends
    // the bare document), which fetches it afresh; nothing failed is kept.
    const failedAnswers = (parts: boolean) =>
      queryClient.getQueryCache().findAll({
        predicate: (q) => q.state.status === 'error' && !notFound(q.state.error) && (parts || !isStreamedPart(q)),
      });
    // A streamed part's answer may be in, or not yet: it is not the page's (below).
    const failed = failedAnswers(false);
    if (failed.length > 0) {
      const [first] = failed;
      throw new Error(
        `the page's answer ${JSON.stringify(first!.queryKey)} failed: ${String((first!.state.error as Error | null)?.message)}`,
      );
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const head: DocumentHead = { title: null, canonical: null };
    const app = (
      <AppRoot queryClient={queryClient} origin={new URL(request.url).origin} head={head}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppRoot>
    );
    // The shell (everything but the parts that wait for an answer the first
    // screen does not need: route-data.ts `detailLoader`'s `more`) goes out
    // as soon as it is rendered; each such part follows in the same response
    // when its answer is in, revealed by React's script with the response's
    // nonce (decision 0146). A part whose code or answer is already here is
    // in the shell, never moved to the end of the page. A kept page (`whole`)
    // waits for every part: it is sent to every visitor and carries no nonce.
    let partFailed = false;
    const stream = await new Promise<{ pipe: (out: Writable) => Writable }>((resolve, reject) => {
      const ready = () => resolve(rendering);
      const rendering = renderToPipeableStream(app, {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        ...(opts.whole ? { onAllReady: ready } : { onShellReady: ready }),
        ...(opts.nonce && !opts.whole ? { nonce: opts.nonce } : {}),
        // The page could not be rendered here: the server sends the document
        // without it, and the browser draws it (web.ts).
        onShellError: reject,
        // A part inside a Suspense boundary that failed is sent as its
        // fallback, and the browser renders it again (React's own recovery).
        onError: (error) => {
          partFailed = true;
          opts.onPartError?.(error);
        },
      });
      opts.signal?.addEventListener('abort', () => rendering.abort());
    });
    return {
      kind: 'page',
      status: context.statusCode,
      head: headOf(context.loaderData),
      // Written down as the shell was drawn (lib/document-title.ts).
      title: head.title ?? DEFAULT_DOCUMENT_TITLE,
      canonical: head.canonical ?? routeAddress(context.matches, new URL(request.url).pathname),
      cacheable: context.matches.every(({ route }) => !route.loader || route.handle?.catalogue === true),
      modules: () => [...modules],
      data: () =>
        serializeHydration({
          router: {
            loaderData: browserLoaderData(context.loaderData),
            actionData: context.actionData,
            errors: context.errors,
          },
          // A part's answer that failed goes too: the browser's first render
          // is then the server's (the part left out), and asks again.
          queries: dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' }),
        }),
      // A part whose answer failed is drawn as the browser draws it (left
      // out, asked again there): the page is sent, but not kept.
      partFailed: () => partFailed || failedAnswers(true).length > 0,
      pipe: (out) => void stream.pipe(out),
    };
  });
}

/** The server decides TV mode's layout class from the user agent, as the browser does (spec §9). */
export { isSmartTvUserAgent } from './lib/smart-tv';
/** ServerEntry.rootClasses: the start-up script's (src/startup/config.ts). */
export const rootClasses = ROOT_CLASSES;

/**
 * ServerEntry.nextPages: the source paths of the detail pages' code, as the
 * route table names it for the browser's warm-up (lib/page-warmer.ts): its
 * import, made here once and noted as a render's are (decision 0155).
 */
export async function nextPages(): Promise<string[]> {
  const warm = detailPagesWarmer();
  if (!warm) return [];
  const modules = new Set<string>();
  await collectModules(modules, warm);
  return [...modules];
}

/**
 * The route table's addresses (`:id` kept), in its order: what the browser
 * tests visit (e2e/support/web-build.ts). Read from the table, never listed by
 * hand (issue 25).
 */
export const routePaths: readonly string[] = routePathsOf(
  createRoutes({ queryClient: createQueryClient({ server: true }), server: true }),
);

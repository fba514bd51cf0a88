import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a route fails to load or render (e.g. a chunk failed to download). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main id="main" className="page page--narrow route-error" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown: {message}</p>
      <p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Refresh Page
        </button>{' '}
        <Link className="btn btn--ghost" to="/">
          Go home
        </Link>
      </p>
    </main>
  );
}

import type { RouteObject } from 'react-router';

/**
 * Every address of a route table, as its paths name it (`:id` kept): an
 * index route is its parent's address, a child's is joined to its
 * parent's, and the catch-all `*` (the app's "Page not found") is no
 * address. The server build publishes the table's (entry-server.tsx
 * `routePaths`): the browser tests visit each, and nothing else lists them
 * (issue 25).
 */
export function routePaths(routes: RouteObject[]): string[] {
  return [...new Set(addresses(routes, ''))];
}

function addresses(routes: RouteObject[], parent: string): string[] {
  return routes.flatMap((route) => {
    const path = route.path?.startsWith('/') ? route.path : route.path ? `${parent}/${route.path}` : parent || '/';
    const here = path.length > 1 ? path.replace(/\/+/g, '/').replace(/\/$/, '') : path;
    const own = (route.index || route.path) && route.path !== '*' ? [here] : [];
    return [...own, ...addresses(route.children ?? [], here === '/' ? '' : here)];
  });
}

import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { WEB_ROUTES } from '@bosphorus/contract';
import { createQueryClient } from './query-client';
import { createRoutes } from './routes';

// The route table both renderers use (decision 0107) names exactly the
// addresses of spec §2 that the browser tests visit (packages/contract
// routes.ts): neither can gain or lose a page without the other.

function addressesOf(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.index ? parent || '/' : route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = (route.index || route.path) && route.path !== '*' ? [here] : [];
    return [...own, ...addressesOf(route.children ?? [], here === '/' ? '' : here)];
  });
}

describe('the route table', () => {
  it('names the addresses of spec §2, and the former Favorites address that redirects', () => {
    const routes = createRoutes({ queryClient: createQueryClient(), server: false });
    const addresses = new Set(addressesOf(routes));
    expect(addresses.delete('/profile/watch-later')).toBe(true);
    expect([...addresses].sort()).toEqual([...WEB_ROUTES].sort());
  });
});

import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { routePaths } from './route-paths';
import { createRoutes } from './routes';
import { routePaths as servedRoutePaths } from '../entry-server';

// The route table both renderers use (decision 0107) names the addresses of
// spec §2 (and ours, each said where it was added), no more and no fewer.
// The server build publishes what the table names (entry-server.tsx
// routePaths), which the browser tests visit: this list is the spec's, the
// expectation, and no code reads it.

const SPEC_ADDRESSES = [
  '/',
  '/signin',
  '/register',
  '/forgotpassword',
  '/newpassword',
  '/services',
  '/allseries',
  '/allmovies',
  '/moviedetail/:id',
  '/movies/:id',
  '/seriesdetail/:id',
  '/watch/:id',
  '/watchEpisodes/:id',
  '/choosepayment',
  // Ours: where a checkout returns (waits for the provider's confirmation).
  '/choosepayment/complete',
  '/profile',
  // Spec §2 names it /profile/watch-later; the viewer reads Favorites (issue
  // 15, decision 0075): the old address is a loader's permanent redirect.
  '/profile/favorites',
  '/profile/watch-later',
  '/profile/history',
  '/profile/edit-profile',
  '/profile/subscription',
  '/profile/technicalsupport',
  '/profile/faq',
  '/profile/privacy-policy',
  '/profile/copyright-policy',
  '/profile/term-condition',
  '/profile/contact',
  '/profile/calendar',
  // The operator console (issue 17): ours, for operators only.
  '/admin',
  '/admin/audit-log',
  '/admin/viewers',
  '/admin/inbox',
  '/admin/pages',
  '/admin/catalogue',
  '/admin/media',
  '/admin/subtitles',
];

describe('the route table', () => {
  it('names the addresses of spec §2 and ours, each once', () => {
    const paths = routePaths(createRoutes({ queryClient: createQueryClient(), server: false }));
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_ADDRESSES].sort());
  });

  it("is what the server build publishes as its addresses, in the table's order", () => {
    expect(servedRoutePaths).toEqual(routePaths(createRoutes({ queryClient: createQueryClient(), server: true })));
    expect(servedRoutePaths[0]).toBe('/');
  });
});

describe('routePaths', () => {
  it('joins children to their parents, gives an index route its parent address once and leaves out the catch-all', () => {
    expect(
      routePaths([
        {
          path: '/',
          children: [
            { index: true },
            { path: 'profile', children: [{ index: true }, { path: 'history' }] },
            { path: '/admin/audit-log' },
            { path: '*' },
          ],
        },
      ]),
    ).toEqual(['/', '/profile', '/profile/history', '/admin/audit-log']);
  });
});

// Spec §2 route table, as addresses: the browser tests visit each. The web
// app's route table (apps/web/src/app/routes.tsx), which both the server's
// render and the browser use, must name exactly these (routes.test.tsx there).

export const WEB_ROUTES = [
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
  // Our addition: where a checkout returns (waits for the provider's confirmation).
  '/choosepayment/complete',
  '/profile',
  // Spec §2 names it /profile/watch-later; the viewer reads Favorites (issue 15,
  // decision 0075): the old address answers a permanent redirect (the route table's loader).
  '/profile/favorites',
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
  // The operator console (issue 17): our addition, for operators only.
  '/admin',
  '/admin/audit-log',
  '/admin/viewers',
  '/admin/inbox',
  '/admin/pages',
  '/admin/catalogue',
  '/admin/media',
  '/admin/subtitles',
] as const;

/**
 * True when `pathname` is an address of the list (trailing slash allowed):
 * what the server answers 503 for while the web app is not built (with a
 * build, the route table's own matching decides).
 */
export function isWebRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return WEB_ROUTES.some((route) => new RegExp('^' + route.replace(/:id/g, '[^/]+') + '$').test(path));
}

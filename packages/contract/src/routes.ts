// Spec §2 route table: the web router and the server's HTML fallback both
// read this list, so a deep link to any of these answers the app with 200.

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
  // decision 0075): the old address answers a permanent redirect (FORMER_WEB_ROUTES).
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
  '/admin/media',
  '/admin/subtitles',
] as const;

/** Former addresses of pages, each redirected (301 by the server, replace in the app) to its page now. */
export const FORMER_WEB_ROUTES: Readonly<Record<string, string>> = {
  '/profile/watch-later': '/profile/favorites',
};

/** True when `pathname` matches a route of the table (trailing slash allowed). */
export function isWebRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return WEB_ROUTES.some((route) => {
    const re = new RegExp('^' + route.replace(/:id/g, '[^/]+') + '$');
    return re.test(path);
  });
}

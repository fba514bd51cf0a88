import { redirect, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { TitleActionsProvider } from './title-actions-provider';
import { HomePage } from '../features/home/components/home-page';
import { CatalogueListPage } from '../features/catalogue-list/components/catalogue-list-page';
import { RouteError } from './route-error';
import { pageCode } from './page-code';
import { Spinner } from '../components/ui/spinner';
import { RequireAuth } from '../features/auth/components/require-auth';
import type { RouteHandle } from '../lib/document-title';
import { CONSOLE_TITLES } from '@bosphorus/contract';
import { CONSOLE_SECTIONS } from '../features/admin/sections';
import { setWatchRouteWarmer } from '../lib/player-prefetch';
import { setDetailPagesWarmer } from '../lib/page-warmer';
import { getHomeQueryOptions } from '../features/home/api/get-home';
import { getSeriesListQueryOptions } from '../features/catalogue-list/api/get-series-list';
import { getMoviesListQueryOptions } from '../features/catalogue-list/api/get-movies-list';
import { parseListUrlState } from '../features/catalogue-list/hooks/use-list-url-state';
import { getMovieQueryOptions } from '../features/movie-detail/api/get-movie';
import { getRecommendationsQueryOptions } from '../features/movie-detail/api/get-recommendations';
import { getSeriesQueryOptions } from '../features/series-detail/api/get-series';
import { parseDetailId } from '../components/catalogue/format';
import { getPromotionQueryOptions } from './get-promotion';
import { detailLoader, loaderOf, notFoundLoader, watchLoader, type RouteDataContext } from './route-data';

// Spec §2 route table, one for both renderers (decision 0107): the server
// renders a request's page from it (entry-server.tsx, React Router's static
// handler), the browser hydrates and navigates with it (main.tsx), and the
// server's list of app addresses is its matching. Pages other than home and
// the two lists load on demand so the home route's JavaScript stays small,
// through pageCode (a page whose code fails to load retries inside the
// layout, decision 0052). The lists are in the app's first files (decision
// 0102). Protected routes (spec §2 access column, §6) sit behind
// RequireAuth: 'login' sends visitors to /signin, 'player' also sends
// user_status '0' to /choosepayment, 'subscribed' shows a notice instead.
// A public page names what it draws from with `loader: load(…)`: the server
// waits for those answers and sends them with the page (route-data.ts).

// A detail page's Watch Now fetches the watch pages' code before the press (decision 0096).
setWatchRouteWarmer(() => import('./watch-routes'));
// Home and the lists fetch the detail pages' code once idle (lib/page-warmer.ts).
setDetailPagesWarmer(() => import('./detail-routes'));

/** The route table, its loaders bound to a request's (or the browser's) query client. */
export function createRoutes(context: RouteDataContext): RouteObject[] {
  const load = (queries: Parameters<typeof loaderOf>[1]) => loaderOf(context, queries);
  const listQuery = (kind: 'series' | 'movies') =>
    load(({ request }) => {
      const state = parseListUrlState(new URL(request.url).searchParams, kind);
      return [kind === 'series' ? getSeriesListQueryOptions(state) : getMoviesListQueryOptions(state)];
    });
  // The sign-in options, the FAQ and the policy pages are read through the
  // contract's schemas (zod): their query options come with their code, not
  // in the home route's files (decision 0093).
  const authOptions = load(async () => [
    (await import('../features/auth/api/get-auth-options')).getAuthOptionsQueryOptions(),
  ]);
  const movieDetail = detailLoader(
    context,
    (id, viewer) => getMovieQueryOptions(id, viewer),
    ({ movie }) => ({
      kind: 'movies',
      title: movie.movie_title,
      year: movie.movie_year,
      description: movie.movie_description,
      cover: movie.movie_cover,
    }),
    parseDetailId,
    (id) => [getRecommendationsQueryOptions(id)],
  );
  const seriesDetail = detailLoader(
    context,
    (id, viewer) => getSeriesQueryOptions(id, viewer),
    ({ series }) => ({
      kind: 'series',
      title: series.serie_title,
      year: series.serie_year,
      description: series.serie_description,
      cover: series.serie_cover,
    }),
    parseDetailId,
  );
  return [
    {
      path: '/',
      // The viewer's bookmark and bell on cards and detail pages (users with a plan).
      element: (
        <TitleActionsProvider>
          <RootLayout />
        </TitleActionsProvider>
      ),
      errorElement: <RouteError />,
      // The promotion banner above the header (spec §2), on every page.
      loader: load(() => [getPromotionQueryOptions()]),
      handle: { catalogue: true } satisfies RouteHandle,
      // Shown only while a lazily loaded page's code arrives on first load.
      hydrateFallbackElement: <Spinner label="Loading page" />,
      children: [
        {
          // A page's own error shows inside the layout: the header and footer stay.
          errorElement: <RouteError />,
          children: [
            {
              index: true,
              element: <HomePage />,
              loader: load((_args, viewer) => [getHomeQueryOptions(viewer)]),
              handle: { catalogue: true } satisfies RouteHandle,
            },
            {
              path: 'allseries',
              element: <CatalogueListPage kind="series" />,
              loader: listQuery('series'),
              handle: { catalogue: true } satisfies RouteHandle,
            },
            {
              path: 'allmovies',
              element: <CatalogueListPage kind="movies" />,
              loader: listQuery('movies'),
              handle: { catalogue: true } satisfies RouteHandle,
            },
            {
              path: 'moviedetail/:id',
              loader: movieDetail,
              handle: { catalogue: true } satisfies RouteHandle,
              lazy: pageCode(async () => ({
                Component: (await import('./detail-routes')).MovieDetailRoute,
              })),
            },
            {
              path: 'movies/:id',
              loader: movieDetail,
              handle: { catalogue: true } satisfies RouteHandle,
              lazy: pageCode(async () => ({
                Component: (await import('./detail-routes')).MovieDetailRoute,
              })),
            },
            {
              path: 'seriesdetail/:id',
              loader: seriesDetail,
              handle: { catalogue: true } satisfies RouteHandle,
              lazy: pageCode(async () => ({
                Component: (await import('./detail-routes')).SeriesDetailRoute,
              })),
            },
            {
              path: 'services',
              handle: { title: 'Services' } satisfies RouteHandle,
              lazy: pageCode(async () => ({
                Component: (await import('../features/services/components/services-page')).ServicesPage,
              })),
            },
            {
              path: 'signin',
              loader: authOptions,
              handle: { title: 'Sign in' } satisfies RouteHandle,
              lazy: pageCode(async () => ({
                Component: (await import('../features/auth/components/sign-in-page')).SignInPage,
              })),
            },
            {
              path: 'register',
              loader: authOptions,
              handle: { title: 'Create an account' } satisfies RouteHandle,
              lazy: pageCode(async () => ({
                Component: (await import('../features/auth/components/register-page')).RegisterPage,
              })),
            },
            {
              path: 'forgotpassword',
              handle: { title: 'Forgot password' } satisfies RouteHandle,
              lazy: pageCode(async () => ({
                Component: (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage,
              })),
            },
            {
              path: 'newpassword',
              handle: { title: 'New password' } satisfies RouteHandle,
              lazy: pageCode(async () => ({
                Component: (await import('../features/auth/components/new-password-page')).NewPasswordPage,
              })),
            },
            {
              path: 'watch/:id',
              loader: watchLoader(context, 'movie', parseDetailId),
              lazy: pageCode(async () => ({ Component: (await import('./watch-routes')).MovieWatchRoute })),
            },
            {
              path: 'watchEpisodes/:id',
              loader: watchLoader(context, 'episode', parseDetailId),
              lazy: pageCode(async () => ({ Component: (await import('./watch-routes')).EpisodeWatchRoute })),
            },
            {
              path: 'choosepayment',
              lazy: pageCode(async () => {
                const { ChoosePlanPage } = await import('../features/plans/components/choose-plan-page');
                return {
                  element: (
                    <RequireAuth need="login">
                      <ChoosePlanPage />
                    </RequireAuth>
                  ),
                };
              }),
            },
            {
              // Where a checkout comes back: waits for the provider's confirmation.
              path: 'choosepayment/complete',
              lazy: pageCode(async () => {
                const { CheckoutCompletePage } = await import('../features/plans/components/checkout-complete-page');
                return {
                  element: (
                    <RequireAuth need="login">
                      <CheckoutCompletePage />
                    </RequireAuth>
                  ),
                };
              }),
            },
            {
              path: 'profile',
              // The side menu of spec §2 Profile area around every profile page.
              lazy: pageCode(async () => ({ Component: (await import('./profile-layout')).ProfileLayout })),
              children: [
                { index: true, loader: () => redirect('/profile/edit-profile') },
                // The spec's address for Favorites, renamed (decision 0075): a
                // permanent redirect, with its query (the server answers 301).
                {
                  path: 'watch-later',
                  loader: ({ request }) => redirect(`/profile/favorites${new URL(request.url).search}`, 301),
                },
                {
                  path: 'favorites',
                  lazy: pageCode(async () => {
                    const { FavoritesPage } = await import('../features/watchlist/components/favorites-page');
                    return {
                      element: (
                        <RequireAuth need="subscribed">
                          <FavoritesPage />
                        </RequireAuth>
                      ),
                    };
                  }),
                },
                {
                  path: 'history',
                  lazy: pageCode(async () => {
                    const { HistoryPage } = await import('../features/history/components/history-page');
                    return {
                      element: (
                        <RequireAuth need="subscribed">
                          <HistoryPage />
                        </RequireAuth>
                      ),
                    };
                  }),
                },
                {
                  path: 'edit-profile',
                  handle: { title: 'Edit profile' } satisfies RouteHandle,
                  lazy: pageCode(async () => {
                    const { EditProfilePage } = await import('../features/profile/components/edit-profile-page');
                    return {
                      element: (
                        <RequireAuth need="login">
                          <EditProfilePage />
                        </RequireAuth>
                      ),
                    };
                  }),
                },
                {
                  path: 'subscription',
                  lazy: pageCode(async () => {
                    const { SubscriptionPage } = await import('../features/subscription/components/subscription-page');
                    return {
                      element: (
                        <RequireAuth need="login">
                          <SubscriptionPage />
                        </RequireAuth>
                      ),
                    };
                  }),
                },
                {
                  path: 'technicalsupport',
                  handle: { title: 'Technical support' } satisfies RouteHandle,
                  lazy: pageCode(async () => {
                    const { TechnicalSupportPage } =
                      await import('../features/technical-support/components/technical-support-page');
                    return {
                      element: (
                        <RequireAuth need="login">
                          <TechnicalSupportPage />
                        </RequireAuth>
                      ),
                    };
                  }),
                },
                // Help and policies (decision 0025): public.
                {
                  path: 'faq',
                  loader: load(async () => [(await import('../features/faq/api/get-faq')).getFaqQueryOptions()]),
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/faq/components/faq-page')).FaqPage,
                  })),
                },
                ...(['privacy-policy', 'copyright-policy', 'term-condition'] as const).map((slug) => ({
                  path: slug,
                  loader: load(async () => [
                    (await import('../features/policies/api/get-page')).getPageQueryOptions(slug),
                  ]),
                  lazy: pageCode(async () => {
                    const { PolicyPage } = await import('../features/policies/components/policy-page');
                    return { element: <PolicyPage key={slug} slug={slug} /> };
                  }),
                })),
                {
                  path: 'contact',
                  loader: authOptions,
                  lazy: pageCode(async () => ({ Component: (await import('./contact-route')).ContactRoute })),
                },
                {
                  path: 'calendar',
                  handle: { title: 'Services' } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/services/components/services-page')).ServicesPage,
                  })),
                },
              ],
            },
            {
              // The operator console (issue 17, features/admin): operators only.
              path: 'admin',
              handle: { title: CONSOLE_TITLES.consoleTitle } satisfies RouteHandle,
              lazy: pageCode(async () => {
                const { ConsoleLayout } = await import('../features/admin/components/console-layout');
                return {
                  element: (
                    <RequireAuth need="login">
                      <ConsoleLayout />
                    </RequireAuth>
                  ),
                };
              }),
              children: [
                { index: true, loader: () => redirect(`/admin/${CONSOLE_SECTIONS[0]!.path}`) },
                {
                  path: 'viewers',
                  handle: { title: CONSOLE_TITLES.viewers } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/viewers-page')).ViewersPage,
                  })),
                },
                {
                  path: 'inbox',
                  handle: { title: CONSOLE_TITLES.inbox } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/inbox-page')).InboxPage,
                  })),
                },
                {
                  path: 'pages',
                  handle: { title: CONSOLE_TITLES.pages } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/pages-page')).PagesPage,
                  })),
                },
                {
                  path: 'catalogue',
                  handle: { title: CONSOLE_TITLES.catalogue } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/catalogue-page')).CataloguePage,
                  })),
                },
                {
                  path: 'media',
                  handle: { title: CONSOLE_TITLES.media } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/media-page')).MediaPage,
                  })),
                },
                {
                  path: 'subtitles',
                  handle: { title: CONSOLE_TITLES.subtitles } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/subtitles-page')).SubtitlesPage,
                  })),
                },
                {
                  path: 'audit-log',
                  handle: { title: CONSOLE_TITLES.auditLog } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/audit-log-page')).AuditLogPage,
                  })),
                },
              ],
            },
            {
              path: '*',
              loader: notFoundLoader(context),
              handle: { title: 'Page not found' } satisfies RouteHandle,
              lazy: pageCode(async () => ({
                Component: (await import('../features/coming-soon/components/not-found-page')).NotFoundPage,
              })),
            },
          ],
        },
      ],
    },
  ];
}

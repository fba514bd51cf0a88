import { createBrowserRouter, Navigate } from 'react-router';
import { RootLayout } from './root-layout';
import { TitleActionsProvider } from './title-actions-provider';
import { HomePage } from '../features/home/components/home-page';
import { CatalogueListPage } from '../features/catalogue-list/components/catalogue-list-page';
import { RouteError } from './route-error';
import { pageCode } from './page-code';
import { Spinner } from '../components/ui/spinner';
import { RequireAuth } from '../features/auth/components/require-auth';
import type { RouteHandle } from '../lib/document-title';
import { ADMIN_TEXTS, CATALOGUE_TEXTS, INGEST_TEXTS } from '@bosphorus/contract';
import { CONSOLE_SECTIONS } from '../features/admin/sections';
import { setWatchRouteWarmer } from '../lib/player-prefetch';

// Spec §2 route table (also packages/contract/src/routes.ts, which the
// server reads). Pages other than home and the two lists load on demand so
// the home route's JavaScript stays small, through pageCode (a page whose
// code fails to load retries inside the layout, decision 0052). The lists
// are in the app's first files: a phone opening /allseries otherwise waits
// for and compiles their code while it draws (decision 0102). Protected
// routes (spec §2 access column, §6) sit behind RequireAuth: 'login' sends
// visitors to /signin, 'player' also sends user_status '0' to
// /choosepayment, 'subscribed' shows a notice instead.

// A detail page's Watch Now fetches the watch pages' code before the press (decision 0096).
setWatchRouteWarmer(() => import('./watch-routes'));

/**
 * The app's router. Made when called (main.tsx): its first navigation
 * starts loading the page's code, in a task of its own (decision 0099).
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      path: '/',
      // The viewer's bookmark and bell on cards and detail pages (users with a plan).
      element: (
        <TitleActionsProvider>
          <RootLayout />
        </TitleActionsProvider>
      ),
      errorElement: <RouteError />,
      // Shown only while a lazily loaded page's code arrives on first load.
      hydrateFallbackElement: <Spinner label="Loading page" />,
      children: [
        {
          // A page's own error shows inside the layout: the header and footer stay.
          errorElement: <RouteError />,
          children: [
            { index: true, element: <HomePage /> },
            {
              path: 'allseries',
              element: <CatalogueListPage kind="series" />,
            },
            {
              path: 'allmovies',
              element: <CatalogueListPage kind="movies" />,
            },
            {
              path: 'moviedetail/:id',
              lazy: pageCode(async () => ({
                Component: (await import('./detail-routes')).MovieDetailRoute,
              })),
            },
            {
              path: 'movies/:id',
              lazy: pageCode(async () => ({
                Component: (await import('./detail-routes')).MovieDetailRoute,
              })),
            },
            {
              path: 'seriesdetail/:id',
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
              handle: { title: 'Sign in' } satisfies RouteHandle,
              lazy: pageCode(async () => ({
                Component: (await import('../features/auth/components/sign-in-page')).SignInPage,
              })),
            },
            {
              path: 'register',
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
              lazy: pageCode(async () => ({ Component: (await import('./watch-routes')).MovieWatchRoute })),
            },
            {
              path: 'watchEpisodes/:id',
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
                { index: true, element: <Navigate to="/profile/edit-profile" replace /> },
                // The spec's address for Favorites, renamed (decision 0075).
                { path: 'watch-later', element: <Navigate to="/profile/favorites" replace /> },
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
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/faq/components/faq-page')).FaqPage,
                  })),
                },
                ...(['privacy-policy', 'copyright-policy', 'term-condition'] as const).map((slug) => ({
                  path: slug,
                  lazy: pageCode(async () => {
                    const { PolicyPage } = await import('../features/policies/components/policy-page');
                    return { element: <PolicyPage key={slug} slug={slug} /> };
                  }),
                })),
                {
                  path: 'contact',
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
              handle: { title: ADMIN_TEXTS.consoleTitle } satisfies RouteHandle,
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
                { index: true, element: <Navigate to={`/admin/${CONSOLE_SECTIONS[0]!.path}`} replace /> },
                {
                  path: 'viewers',
                  handle: { title: ADMIN_TEXTS.viewers } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/viewers-page')).ViewersPage,
                  })),
                },
                {
                  path: 'inbox',
                  handle: { title: ADMIN_TEXTS.inbox } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/inbox-page')).InboxPage,
                  })),
                },
                {
                  path: 'pages',
                  handle: { title: ADMIN_TEXTS.pages } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/pages-page')).PagesPage,
                  })),
                },
                {
                  path: 'catalogue',
                  handle: { title: CATALOGUE_TEXTS.catalogue } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/catalogue-page')).CataloguePage,
                  })),
                },
                {
                  path: 'media',
                  handle: { title: INGEST_TEXTS.media } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/media-page')).MediaPage,
                  })),
                },
                {
                  path: 'subtitles',
                  handle: { title: INGEST_TEXTS.subtitles } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/subtitles-page')).SubtitlesPage,
                  })),
                },
                {
                  path: 'audit-log',
                  handle: { title: ADMIN_TEXTS.auditLog } satisfies RouteHandle,
                  lazy: pageCode(async () => ({
                    Component: (await import('../features/admin/components/audit-log-page')).AuditLogPage,
                  })),
                },
              ],
            },
            {
              path: '*',
              handle: { title: 'Page not found' } satisfies RouteHandle,
              lazy: pageCode(async () => ({
                Component: (await import('../features/coming-soon/components/not-found-page')).NotFoundPage,
              })),
            },
          ],
        },
      ],
    },
  ]);

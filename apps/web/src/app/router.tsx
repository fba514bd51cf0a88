import { createBrowserRouter, Navigate } from 'react-router';
import { RootLayout } from './root-layout';
import { HomePage } from '../features/home/components/home-page';
import { RouteError } from './route-error';
import { Spinner } from '../components/ui/spinner';

// Spec §2 route table (also packages/contract/src/routes.ts, which the
// server reads). Pages other than home load on demand so the home route's
// JavaScript stays small. Routes built by later issues show an honest
// "coming soon" page.

const comingSoon = (title: string) => ({
  lazy: async () => {
    const { ComingSoonPage } = await import('../features/coming-soon/components/coming-soon-page');
    return { element: <ComingSoonPage title={title} /> };
  },
});

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown only while a lazily loaded page's code arrives on first load.
    hydrateFallbackElement: <Spinner label="Loading page" />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'allseries',
        lazy: async () => {
          const { CatalogueListPage } = await import('../features/catalogue-list/components/catalogue-list-page');
          return { element: <CatalogueListPage kind="series" /> };
        },
      },
      {
        path: 'allmovies',
        lazy: async () => {
          const { CatalogueListPage } = await import('../features/catalogue-list/components/catalogue-list-page');
          return { element: <CatalogueListPage kind="movies" /> };
        },
      },
      {
        path: 'moviedetail/:id',
        lazy: async () => ({
          Component: (await import('../features/movie-detail/components/movie-detail-page')).MovieDetailPage,
        }),
      },
      {
        path: 'movies/:id',
        lazy: async () => ({
          Component: (await import('../features/movie-detail/components/movie-detail-page')).MovieDetailPage,
        }),
      },
      {
        path: 'seriesdetail/:id',
        lazy: async () => ({
          Component: (await import('../features/series-detail/components/series-detail-page')).SeriesDetailPage,
        }),
      },
      {
        path: 'services',
        lazy: async () => ({ Component: (await import('../features/services/components/services-page')).ServicesPage }),
      },
      { path: 'signin', ...comingSoon('Sign in') },
      { path: 'register', ...comingSoon('Create an account') },
      { path: 'forgotpassword', ...comingSoon('Forgot password') },
      { path: 'newpassword', ...comingSoon('New password') },
      { path: 'watch/:id', ...comingSoon('Movie player') },
      { path: 'watchEpisodes/:id', ...comingSoon('Episode player') },
      { path: 'choosepayment', ...comingSoon('Choose a plan') },
      {
        path: 'profile',
        children: [
          { index: true, element: <Navigate to="/profile/edit-profile" replace /> },
          { path: 'watch-later', ...comingSoon('Favorites') },
          { path: 'history', ...comingSoon('History') },
          { path: 'edit-profile', ...comingSoon('Edit profile') },
          { path: 'subscription', ...comingSoon('Subscription') },
          { path: 'technicalsupport', ...comingSoon('Technical support') },
          { path: 'faq', ...comingSoon('FAQs') },
          { path: 'privacy-policy', ...comingSoon('Privacy policy') },
          { path: 'copyright-policy', ...comingSoon('Copyright policy') },
          { path: 'term-condition', ...comingSoon('Terms and conditions') },
          { path: 'contact', ...comingSoon('Contact us') },
          {
            path: 'calendar',
            lazy: async () => ({
              Component: (await import('../features/services/components/services-page')).ServicesPage,
            }),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../features/coming-soon/components/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
]);

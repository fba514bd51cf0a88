import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { Toaster, showToast } from '../components/ui/toast';
import { onSessionEvent, SIGNED_IN_ROOT_CLASS, SUBSCRIBER_ROOT_CLASS } from '../lib/auth-store';
import { isSubscribed, startSession, useCurrentUser } from '../lib/session';
import { RouteTitle } from '../lib/document-title';
import { tag } from '../lib/analytics';
import { Header } from './header';
import { PromoBanner } from './promo-banner';
import './layout.css';
import { lazyPart } from '../lib/lazy-part';

// Every page: skip link, promotion banner (when the server has one), header,
// the page (each page renders its own <main id="main">), footer, toasts.
// The footer is below the first screen on every page with content: its code
// is a chunk of its own, fetched with the page (decision 0093); nothing is
// drawn below it, so its arrival moves nothing.
const Footer = lazyPart(async () => ({ default: (await import('./footer')).Footer }));

/**
 * Spec §4: starts the session checks (token, banned poll, account refresh)
 * and turns a forced logout into a toast and a trip to /signin.
 */
function SessionManager() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const signedIn = user !== null;
  const subscribed = isSubscribed(user);
  useEffect(() => startSession(), []);
  // The start-up script's classes, kept as the viewer signs in and out and
  // as a plan begins or ends (lib/auth-store.ts).
  useEffect(() => {
    document.documentElement.classList.toggle(SIGNED_IN_ROOT_CLASS, signedIn);
    document.documentElement.classList.toggle(SUBSCRIBER_ROOT_CLASS, subscribed);
  }, [signedIn, subscribed]);
  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event.message) {
          showToast(event.message, { tone: event.type === 'ended' ? 'error' : 'info', durationMs: event.durationMs });
        }
        if (event.type === 'ended') void navigate(event.redirect ?? '/signin', { replace: true });
      }),
    [navigate],
  );
  return null;
}

/** Spec §7: a page view through the global tag function on every address. */
function PageViews() {
  const { pathname, search } = useLocation();
  useEffect(() => tag('page_view', { page_path: pathname + search }), [pathname, search]);
  return null;
}

export function RootLayout() {
  return (
    <div className="app-shell">
      {/* For the keyboard's Tab, never the arrows: a remote never lands on it (issue 26). */}
      <a className="skip-link" href="#main" data-nav-skip="">
        Skip to content
      </a>
      <SessionManager />
      <PageViews />
      <RouteTitle />
      <PromoBanner />
      <Header />
      <Outlet />
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Toaster />
      {/* Keyed by address: every fresh page load shares the history key
          'default', which would otherwise restore another page's position. */}
      <ScrollRestoration getKey={(location) => location.pathname + location.search} />
    </div>
  );
}

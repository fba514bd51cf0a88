import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { PromoBanner } from './promo-banner';
import './layout.css';

// Every page: skip link, promotion banner (when the server has one), header,
// the page (each page renders its own <main id="main">), footer.

export function RootLayout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PromoBanner />
      <Header />
      <Outlet />
      <Footer />
      {/* Keyed by address: every fresh page load shares the history key
          'default', which would otherwise restore another page's position. */}
      <ScrollRestoration getKey={(location) => location.pathname + location.search} />
    </div>
  );
}

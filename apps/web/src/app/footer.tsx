import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { copyrightYear } from '@bosphorus/contract';
import { useCurrentUser } from '../lib/session';
import {
  ANDROID_APP_URL,
  CHAT_LINKS,
  COMPANY_LINKS,
  EXPLORE_LINKS,
  SOCIAL_LINKS,
  type SocialNetwork,
} from './footer-links';
import { GooglePlayBadge } from './google-play-badge';
import { Logo } from './logo';
import {
  AndroidIcon,
  FacebookIcon,
  InstagramIcon,
  TelegramIcon,
  TwitterIcon,
  WhatsAppIcon,
  YouTubeIcon,
} from './social-icons';

// Spec §1 Footer: logo, social links, chat links, Android app download,
// store badge, © the current year; Company links for everyone, Explore links only for
// logged-in users.

const SOCIAL_ICONS: Record<SocialNetwork, ComponentType<SVGProps<SVGSVGElement>>> = {
  facebook: FacebookIcon,
  twitter: TwitterIcon,
  youtube: YouTubeIcon,
  instagram: InstagramIcon,
  whatsapp: WhatsAppIcon,
};

/** Outside links open in a new tab and give the other site no handle on ours. */
const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function Footer() {
  const user = useCurrentUser();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to="/" className="site-footer__logo" aria-label="Bosphorus home">
            <Logo />
          </Link>
          <p className="site-footer__tagline">
            Turkish series and movies with English subtitles. New episodes every week, in HD, without ads.
          </p>
          <ul className="social-links" aria-label="Follow Bosphorus">
            {SOCIAL_LINKS.map(({ network, name, href }) => {
              const Icon = SOCIAL_ICONS[network];
              return (
                <li key={network}>
                  <a className="social-links__link" href={href} aria-label={name} {...external}>
                    <Icon />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>

        <nav className="site-footer__col" aria-label="Company">
          <h2 className="site-footer__heading">Company</h2>
          <ul className="site-footer__list">
            {COMPANY_LINKS.map(({ name, to }) => (
              <li key={to}>
                <Link to={to}>{name}</Link>
              </li>
            ))}
          </ul>
        </nav>

        {user ? (
          <nav className="site-footer__col" aria-label="Explore">
            <h2 className="site-footer__heading">Explore</h2>
            <ul className="site-footer__list">
              {EXPLORE_LINKS.map(({ name, to }) => (
                <li key={to}>
                  <Link to={to}>{name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        <div className="site-footer__col">
          <h2 className="site-footer__heading">Talk to us</h2>
          <ul className="site-footer__list">
            <li>
              <a className="site-footer__icon-link" href={CHAT_LINKS.whatsapp} {...external}>
                <WhatsAppIcon />
                Chat on WhatsApp
              </a>
            </li>
            <li>
              <a className="site-footer__icon-link" href={CHAT_LINKS.telegram} {...external}>
                <TelegramIcon />
                Chat on Telegram
              </a>
            </li>
          </ul>
        </div>

        <div className="site-footer__col site-footer__app">
          <h2 className="site-footer__heading">Watch on Android</h2>
          <a className="site-footer__icon-link" href={ANDROID_APP_URL} {...external}>
            <AndroidIcon />
            Download the Android app
          </a>
          <a className="site-footer__badge" href={ANDROID_APP_URL} {...external}>
            <GooglePlayBadge />
          </a>
        </div>
      </div>
      <div className="site-footer__bottom">
        <p>© {copyrightYear()} Bosphorus. All rights reserved.</p>
      </div>
    </footer>
  );
}

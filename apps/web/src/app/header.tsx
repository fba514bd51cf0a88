import { Suspense, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { AUTH_LABELS, CONSOLE_TITLES, MESSAGES } from '@bosphorus/contract';
import { HeaderSearch } from '../features/search/components/header-search';
import { ChevronDownIcon, CloseIcon, MenuIcon, SearchIcon } from '../components/ui/icons';
import { useClickOutside } from '../lib/hooks/use-click-outside';
import { isSubscribed, logout, useCurrentUser, useHeaderNotice, type StoredUser } from '../lib/session';
import { uploadUrl } from '../lib/uploads';
import { Logo } from './logo';
import { lazyPart } from '../lib/lazy-part';
import './header-viewer.css';

// Spec §2 Header in its three states (§6): a visitor gets Home, Services and
// Sign in; a signed-in user gets Turkish Series, Turkish Movies, Favorites,
// search, the notification bell (unless user_status is '0') and the profile
// menu. Below the 1024-px layout breakpoint (LAYOUT_BREAKPOINT_PX, applied in
// layout.css) the nav becomes a panel opened by the menu button and the
// search (features/search) opens from its own button.

const VISITOR_LINKS = [
  { name: 'Home', to: '/' },
  { name: 'Services', to: '/services' },
];
const USER_LINKS = [
  { name: 'Turkish Series', to: '/allseries' },
  { name: 'Turkish Movies', to: '/allmovies' },
  { name: 'Favorites', to: '/profile/favorites' },
];
/**
 * The server renders a visitor's header; a stored user's first paint, under
 * the start-up script's html.signed-in, already shows their links, and
 * keeps the visitor's Sign in unseen, so nothing in the header moves when the
 * app knows the user (decision 0163). Until then both lists are in the page
 * and the stylesheet shows one (header-viewer.css).
 */
const VISITOR_NAV = { links: VISITOR_LINKS, className: 'site-nav__list--visitor' };
const USER_NAV = { links: USER_LINKS, className: 'site-nav__list--user' };
/** Spec §2 Header profile menu after Log Out (a button), in the spec's order. */
export const PROFILE_MENU_LINKS = [
  { name: 'History', to: '/profile/history' },
  { name: 'Favorites', to: '/profile/favorites' },
  { name: 'Edit profile', to: '/profile/edit-profile' },
  { name: 'Subscription', to: '/profile/subscription' },
  { name: 'Contact Us', to: '/profile/contact' },
  { name: 'FAQs', to: '/profile/faq' },
  { name: 'Privacy Policy', to: '/profile/privacy-policy' },
  { name: 'Terms & Conditions', to: '/profile/term-condition' },
];
/** Spec §2 Header notification dropdown texts. */
export const NOTIFICATION_TEXTS = {
  title: MESSAGES.notificationTitle,
  deleteAll: MESSAGES.deleteAll,
  empty: MESSAGES.noNotifications,
} as const;

/**
 * A dropdown's open state: Escape closes it and gives focus back to its
 * button; a press outside its container closes it.
 */
function useDropdown(containerRef: RefObject<HTMLElement | null>, buttonRef: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const handleKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [open, buttonRef]);
  useClickOutside(containerRef, () => setOpen(false), { active: open });
  return [open, setOpen] as const;
}

// ---------- notification bell ----------

// Only a subscriber has the bell: its dropdown, its polling and web push are
// a chunk of their own, never fetched for a visitor (decision 0093). Until it
// arrives an empty box of the bell's size holds its place in the header.
const NotificationsDropdown = lazyPart(async () => ({
  default: (await import('../features/notifications/components/notifications-dropdown')).NotificationsDropdown,
}));

/** The bell and its dropdown (features/notifications), with this header's dropdown behaviour. */
function NotificationBell({ userId }: { userId: number | string }) {
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useDropdown(wrapRef, buttonRef);
  return (
    <Suspense fallback={<span className="header-icon-btn" aria-hidden="true" />}>
      <NotificationsDropdown
        userId={userId}
        open={open}
        onToggle={() => setOpen((o) => !o)}
        onClose={() => setOpen(false)}
        panelId={panelId}
        wrapRef={wrapRef}
        buttonRef={buttonRef}
      />
    </Suspense>
  );
}

// ---------- profile menu ----------

function Avatar({ user }: { user: StoredUser }) {
  if (user.image_url) {
    return <img className="account-link__avatar" src={uploadUrl(user.image_url)} alt="" width={34} height={34} />;
  }
  return (
    <span className="account-link__avatar" aria-hidden="true">
      {user.user_name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

function ProfileMenu({ user, onNavigate }: { user: StoredUser; onNavigate: () => void }) {
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useDropdown(wrapRef, buttonRef);
  const navigate = useNavigate();
  const close = () => {
    setOpen(false);
    onNavigate();
  };
  const handleLogout = async () => {
    close();
    await logout();
    void navigate('/signin');
  };
  return (
    <div className="header-dropdown" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-link"
        aria-expanded={open}
        aria-controls={panelId}
        data-nav-closable=""
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar user={user} />
        <span className="account-link__name">{user.user_name}</span>
        <ChevronDownIcon className="icon account-link__chevron" />
      </button>
      <div id={panelId} className="header-dropdown__panel profile-menu" hidden={!open}>
        <p className="profile-menu__who">
          <span className="profile-menu__name">{user.user_name}</span>
          <span className="profile-menu__email">{user.user_email}</span>
        </p>
        <ul className="profile-menu__list">
          <li>
            <button type="button" className="profile-menu__item" onClick={() => void handleLogout()}>
              {AUTH_LABELS.logOut}
            </button>
          </li>
          {user.role === 'admin' ? (
            <li>
              <Link to="/admin" className="profile-menu__item" onClick={close}>
                {CONSOLE_TITLES.consoleLink}
              </Link>
            </li>
          ) : null}
          {PROFILE_MENU_LINKS.map(({ name, to }) => (
            <li key={to + name}>
              <Link to={to} className="profile-menu__item" onClick={close}>
                {name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

// ---------- header ----------

function IconToggle({
  label,
  expanded,
  controls,
  onClick,
  className,
  children,
  buttonRef,
}: {
  label: string;
  expanded: boolean;
  controls: string;
  onClick: () => void;
  className: string;
  children: ReactNode;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={className}
      aria-expanded={expanded}
      aria-controls={controls}
      // Back closes the open menu or search before it goes back a page.
      data-nav-closable=""
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function Header() {
  const user = useCurrentUser();
  const notice = useHeaderNotice();
  const navLists = user ? [USER_NAV] : [VISITOR_NAV, USER_NAV];
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  // While the panel is open: Escape closes it and gives focus back to the
  // button; a press outside the header closes it.
  useEffect(() => {
    if (!menuOpen) return;
    navRef.current?.querySelector('a')?.focus();
    const handleKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [menuOpen]);
  useClickOutside(headerRef, () => setMenuOpen(false), { active: menuOpen });

  const closeMenu = () => {
    setMenuOpen(false);
    setSearchOpen(false);
  };

  return (
    <header className="site-header" ref={headerRef}>
      {notice && (
        <p className="site-header__notice" role="alert">
          {notice}
        </p>
      )}
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label="Bosphorus home" onClick={closeMenu}>
          <Logo />
        </Link>
        <nav id="site-nav" className="site-nav" aria-label="Main" data-open={menuOpen || undefined} ref={navRef}>
          {navLists.map(({ links, className }) => (
            <ul key={className} className={`site-nav__list ${className}`}>
              {links.map(({ name, to }) => (
                <li key={to}>
                  <NavLink to={to} end={to === '/'} className="site-nav__link" onClick={closeMenu}>
                    {name}
                  </NavLink>
                </li>
              ))}
            </ul>
          ))}
        </nav>
        <div className="site-header__actions">
          {user ? (
            <>
              <HeaderSearch open={searchOpen} onNavigate={closeMenu} />
              <IconToggle
                className="header-icon-btn search-toggle"
                label={searchOpen ? 'Close search' : 'Open search'}
                expanded={searchOpen}
                controls="site-search"
                onClick={() => {
                  setSearchOpen((o) => !o);
                  setMenuOpen(false);
                }}
              >
                {searchOpen ? <CloseIcon /> : <SearchIcon />}
              </IconToggle>
              {isSubscribed(user) && <NotificationBell userId={user.user_id} />}
              <ProfileMenu user={user} onNavigate={closeMenu} />
            </>
          ) : (
            <Link to="/signin" className="btn btn--primary btn--small sign-in-link" onClick={closeMenu}>
              Sign in
            </Link>
          )}
          <IconToggle
            buttonRef={toggleRef}
            className="menu-toggle"
            label={menuOpen ? 'Close menu' : 'Open menu'}
            expanded={menuOpen}
            controls="site-nav"
            onClick={() => {
              setMenuOpen((open) => !open);
              setSearchOpen(false);
            }}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconToggle>
        </div>
      </div>
    </header>
  );
}

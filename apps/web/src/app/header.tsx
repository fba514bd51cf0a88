import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AUTH_LABELS, MESSAGES, SEARCH_DEBOUNCE_MS, type SearchBody } from '@bosphorus/contract';
import { NotificationsDropdown } from '../features/notifications/components/notifications-dropdown';
import { ChevronDownIcon, CloseIcon, MenuIcon, SearchIcon } from '../components/ui/icons';
import { api } from '../lib/api';
import { isSubscribed, logout, useCurrentUser, useHeaderNotice, type StoredUser } from '../lib/session';
import { uploadUrl } from '../lib/uploads';
import { Logo } from './logo';

// Spec §2 Header in its three states (§6): a visitor gets Home, Services and
// Sign in; a signed-in user gets Turkish Series, Turkish Movies, Favorites,
// search, the notification bell (unless user_status is '0') and the profile
// menu. Below the 1024-px layout breakpoint (LAYOUT_BREAKPOINT_PX, applied in
// layout.css) the nav becomes a panel opened by the menu button and the
// search opens from its own button.

const VISITOR_LINKS = [
  { name: 'Home', to: '/' },
  { name: 'Services', to: '/services' },
];
const USER_LINKS = [
  { name: 'Turkish Series', to: '/allseries' },
  { name: 'Turkish Movies', to: '/allmovies' },
  { name: 'Favorites', to: '/profile/watch-later' },
];
/** Spec §2 Header profile menu after Log Out (a button), in the spec's order. */
export const PROFILE_MENU_LINKS = [
  { name: 'History', to: '/profile/history' },
  { name: 'Favorites', to: '/profile/watch-later' },
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
    const handlePointer = (e: PointerEvent) => {
      if (!containerRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', handleKey);
    document.addEventListener('pointerdown', handlePointer);
    return () => {
      document.removeEventListener('keydown', handleKey);
      document.removeEventListener('pointerdown', handlePointer);
    };
  }, [open, containerRef, buttonRef]);
  return [open, setOpen] as const;
}

// ---------- search ----------

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function HeaderSearch({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [showResults, setShowResults] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  // Spec §5: search runs only when the query is non-empty.
  const results = useQuery({
    queryKey: ['header-search', q],
    queryFn: ({ signal }) => api.post<SearchBody>('/search', { q }, signal),
    enabled: q !== '',
    staleTime: 30_000,
  });

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!showResults) return;
    const handlePointer = (e: PointerEvent) => {
      if (!formRef.current?.contains(e.target as Node)) setShowResults(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    return () => document.removeEventListener('pointerdown', handlePointer);
  }, [showResults]);

  const items = results.data
    ? [
        ...results.data.movies.map((m) => ({
          key: `m${m.movie_id}`,
          to: `/moviedetail/${m.movie_id}`,
          kind: 'Movie',
          title: m.movie_title,
          year: m.movie_year,
        })),
        ...results.data.series.map((s) => ({
          key: `s${s.serie_id}`,
          to: `/seriesdetail/${s.serie_id}`,
          kind: 'Serie',
          title: s.serie_title,
          year: s.serie_year,
        })),
      ]
    : [];
  const visible = showResults && q !== '' && text.trim() !== '';
  const close = () => {
    setShowResults(false);
    setText('');
    onNavigate();
  };

  return (
    <form
      ref={formRef}
      id="site-search"
      role="search"
      className="header-search"
      data-open={open || undefined}
      onSubmit={(e) => e.preventDefault()}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && visible) {
          e.stopPropagation();
          setShowResults(false);
          inputRef.current?.focus();
        }
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search
      </label>
      <SearchIcon className="icon header-search__icon" />
      <input
        ref={inputRef}
        id={inputId}
        className="header-search__input"
        type="search"
        placeholder={MESSAGES.searchPlaceholder}
        autoComplete="off"
        value={text}
        // A search box with a results popup is a combobox (ARIA 1.2): only
        // that role may say whether its popup is expanded.
        role="combobox"
        aria-autocomplete="list"
        aria-controls={visible ? listId : undefined}
        aria-expanded={visible}
        onChange={(e) => {
          setText(e.target.value);
          setShowResults(true);
        }}
        onFocus={() => setShowResults(true)}
      />
      {visible && (
        <div className="header-search__results" id={listId}>
          {results.isPending || q !== text.trim() ? (
            <p className="header-search__note" role="status">
              {MESSAGES.loading}
            </p>
          ) : results.isError ? (
            <p className="header-search__note" role="status">
              Search is unavailable right now. Please try again.
            </p>
          ) : items.length === 0 ? (
            <p className="header-search__note" role="status">
              {MESSAGES.noResults}
            </p>
          ) : (
            <ul aria-label="Search results">
              {items.map((item) => (
                <li key={item.key}>
                  <Link to={item.to} className="header-search__item" onClick={close}>
                    <span className="header-search__kind">{item.kind}</span>
                    <span className="header-search__title">{item.title}</span>
                    <span className="header-search__year">{item.year}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

// ---------- notification bell ----------

/** The bell and its dropdown (features/notifications), with this header's dropdown behaviour. */
function NotificationBell({ userId }: { userId: number | string }) {
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useDropdown(wrapRef, buttonRef);
  return (
    <NotificationsDropdown
      userId={userId}
      open={open}
      onToggle={() => setOpen((o) => !o)}
      onClose={() => setOpen(false)}
      panelId={panelId}
      wrapRef={wrapRef}
      buttonRef={buttonRef}
    />
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
  const links = user ? USER_LINKS : VISITOR_LINKS;
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
    const handlePointer = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', handleKey);
    document.addEventListener('pointerdown', handlePointer);
    return () => {
      document.removeEventListener('keydown', handleKey);
      document.removeEventListener('pointerdown', handlePointer);
    };
  }, [menuOpen]);

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
          <ul className="site-nav__list">
            {links.map(({ name, to }) => (
              <li key={to}>
                <NavLink to={to} end={to === '/'} className="site-nav__link" onClick={closeMenu}>
                  {name}
                </NavLink>
              </li>
            ))}
          </ul>
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
            <Link to="/signin" className="btn btn--primary btn--small" onClick={closeMenu}>
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

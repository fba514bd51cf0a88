import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { CloseIcon, MenuIcon } from '../components/ui/icons';
import { useCurrentUser } from '../lib/session';
import { Logo } from './logo';

// Spec §2 Header: logo; Home and Services for visitors; Turkish Series,
// Turkish Movies and Favorites for logged-in users. Below the 1024-px layout
// breakpoint (LAYOUT_BREAKPOINT_PX, applied in layout.css) the same nav
// becomes a panel opened by the menu button.

const VISITOR_LINKS = [
  { name: 'Home', to: '/' },
  { name: 'Services', to: '/services' },
];
const USER_LINKS = [
  { name: 'Turkish Series', to: '/allseries' },
  { name: 'Turkish Movies', to: '/allmovies' },
  { name: 'Favorites', to: '/profile/watch-later' },
];

export function Header() {
  const user = useCurrentUser();
  const links = user ? USER_LINKS : VISITOR_LINKS;
  const [menuOpen, setMenuOpen] = useState(false);
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

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="site-header" ref={headerRef}>
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
            <Link to="/profile" className="account-link" onClick={closeMenu}>
              <span className="account-link__avatar" aria-hidden="true">
                {user.user_name.trim().charAt(0).toUpperCase() || '?'}
              </span>
              <span className="account-link__name">{user.user_name}</span>
            </Link>
          ) : (
            <Link to="/signin" className="btn btn--primary btn--small" onClick={closeMenu}>
              Sign in
            </Link>
          )}
          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
    </header>
  );
}

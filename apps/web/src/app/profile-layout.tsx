import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { AUTH_LABELS, PLAYER_MESSAGES, daysLeft } from '@bosphorus/contract';
import { formatDate } from '../components/catalogue/format';
import { isSubscribed, logout, useCurrentUser, type StoredUser } from '../lib/session';
import { uploadUrl } from '../lib/uploads';
import './profile-layout.css';

// Spec §2 Profile area: a side menu with the name, the e-mail and, when a
// plan exists, 'Active until' with the date and the days left (rounded up,
// §9); the entries in the spec's order, then Log Out (to /signin). The
// public pages of the area (FAQ, policies, contact, calendar) also open for
// visitors: the menu then lists only the public entries and a Login link.
// Below the 1024-px layout breakpoint the menu is one horizontal row of
// chips above the page, scrolled so the current entry is in view.

export interface ProfileEntry {
  name: string;
  to: string;
  /** Only for signed-in people (the pages behind RequireAuth). */
  account?: boolean;
}

/** Spec §2 Profile area entries, in its order (Log Out follows). */
export const PROFILE_ENTRIES: readonly ProfileEntry[] = [
  { name: 'Favorites', to: '/profile/favorites', account: true },
  { name: 'History', to: '/profile/history', account: true },
  { name: 'Edit profile', to: '/profile/edit-profile', account: true },
  { name: 'Subscription', to: '/profile/subscription', account: true },
  { name: 'FAQs', to: '/profile/faq' },
  { name: 'Privacy policy', to: '/profile/privacy-policy' },
  { name: 'Copyright policy', to: '/profile/copyright-policy' },
  { name: 'Terms and conditions', to: '/profile/term-condition' },
  { name: 'Contact', to: '/profile/contact' },
];

/** Shown instead of the plan block when the account has none (never "no active subscription": the notice owns that). */
export const NO_PLAN_TEXT = 'No plan yet';

function ProfileAvatar({ user }: { user: StoredUser }) {
  if (user.image_url) {
    return <img className="profile-side__avatar" src={uploadUrl(user.image_url)} alt="" width={56} height={56} />;
  }
  return (
    <span className="profile-side__avatar" aria-hidden="true">
      {user.user_name.trim().charAt(0).toLocaleUpperCase('tr') || '?'}
    </span>
  );
}

/** A long address wraps after its '@', not in the middle of the domain. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function PlanBlock({ user }: { user: StoredUser }) {
  const end = isSubscribed(user) && user.expired_at ? user.expired_at : null;
  if (!end) {
    return (
      <p className="profile-side__plan profile-side__plan--none">
        <span>{NO_PLAN_TEXT}</span>
        <Link to="/choosepayment" className="profile-side__plan-link">
          {PLAYER_MESSAGES.chooseAPlan}
        </Link>
      </p>
    );
  }
  const days = daysLeft(end);
  return (
    <p className="profile-side__plan">
      <span className="profile-side__plan-label">{PLAYER_MESSAGES.activeUntil}</span>{' '}
      <time className="profile-side__plan-date" dateTime={end}>
        {formatDate(end)}
      </time>{' '}
      <span className="profile-side__days">
        {days} {days === 1 ? 'day' : 'days'} left
      </span>
    </p>
  );
}

export function ProfileLayout() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  const [leaving, setLeaving] = useState(false);
  const entries = user ? PROFILE_ENTRIES : PROFILE_ENTRIES.filter((e) => !e.account);

  // On phones the menu is a row that scrolls sideways: keep the current
  // entry in view (without moving the page itself).
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  const handleLogout = async () => {
    setLeaving(true);
    await logout();
    void navigate('/signin');
  };

  return (
    <div className="profile-layout">
      <aside className="profile-side" aria-label="Profile">
        {user ? (
          <div className="profile-side__who">
            <ProfileAvatar user={user} />
            <div className="profile-side__id">
              <p className="profile-side__name">{user.user_name}</p>
              <p className="profile-side__email">
                <BreakableEmail email={user.user_email} />
              </p>
              <PlanBlock user={user} />
            </div>
          </div>
        ) : (
          <div className="profile-side__who profile-side__who--visitor">
            <p className="profile-side__name">Help and policies</p>
          </div>
        )}
        <nav className="profile-side__nav" aria-label="Profile menu">
          <ul className="profile-side__list" ref={listRef}>
            {entries.map(({ name, to, account }, i) => (
              <li key={to} className={!account && i > 0 && entries[i - 1]!.account ? 'profile-side__split' : undefined}>
                <NavLink to={to} className="profile-side__link">
                  {name}
                </NavLink>
              </li>
            ))}
            <li className="profile-side__split">
              {user ? (
                <button
                  type="button"
                  className="profile-side__link profile-side__logout"
                  onClick={() => void handleLogout()}
                  disabled={leaving}
                >
                  {AUTH_LABELS.logOut}
                </button>
              ) : (
                <Link to="/signin" className="profile-side__link profile-side__login">
                  {AUTH_LABELS.login}
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </aside>
      <div className="profile-layout__content">
        <Outlet />
      </div>
    </div>
  );
}

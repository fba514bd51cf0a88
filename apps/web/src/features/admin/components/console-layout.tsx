import { NavLink, Outlet } from 'react-router';
import { ADMIN_TEXTS } from '@bosphorus/contract';
import { useCurrentUser } from '../../../lib/session';
import { CONSOLE_SECTIONS } from '../sections';
import './console.css';

// The operator console's frame (issue 17, ../shared/UI.md "The operator
// console"): the site's colours and type, denser; a side menu of the
// sections and the page beside it. Signed-in people
// who are not operators see why they cannot enter (the API refuses them
// too: 403 on every /api/admin route).

/** The console; the route puts it behind RequireAuth (visitors go to sign-in). */
export function ConsoleLayout() {
  const user = useCurrentUser();
  if (user?.role !== 'admin') {
    return (
      <main id="main" className="page page--narrow">
        <section className="empty-state" aria-labelledby="not-operator-title">
          <h1 id="not-operator-title">{ADMIN_TEXTS.consoleTitle}</h1>
          <p>{ADMIN_TEXTS.notOperator}</p>
        </section>
      </main>
    );
  }
  return (
    <div className="console">
      <nav className="console__nav" aria-label={ADMIN_TEXTS.consoleTitle}>
        <p className="console__title">{ADMIN_TEXTS.consoleTitle}</p>
        <ul>
          {CONSOLE_SECTIONS.map(({ name, path }) => (
            <li key={path}>
              <NavLink to={`/admin/${path}`} className="console__link">
                {name}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="console__page">
        <Outlet />
      </div>
    </div>
  );
}

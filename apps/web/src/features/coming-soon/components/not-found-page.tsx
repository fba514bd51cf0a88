import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main id="main" className="page page--narrow empty-state">
      <h1 className="page-title">Page not found</h1>
      <p>The address you followed does not lead anywhere on Bosphorus.</p>
      <p>
        <Link className="btn btn--primary" to="/">
          Go to the home page
        </Link>
      </p>
    </main>
  );
}

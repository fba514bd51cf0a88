import { Link } from 'react-router';

/**
 * A route of the spec's table that a later roadmap step builds (today only
 * technical support). It says only what is true for everyone, signed in or
 * not: this one page is not ready, and where help is meanwhile.
 */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <main id="main" className="page page--narrow coming-soon">
      <h1 className="page-title">{title}</h1>
      <p>
        This page is not ready yet. Until it is, our FAQ answers the most common questions about plans, devices,
        subtitles and playback, and you can write to us through the contact form: we answer by e-mail.
      </p>
      <p className="coming-soon__actions">
        <Link className="btn btn--primary" to="/profile/faq">
          Read the FAQ
        </Link>{' '}
        <Link className="btn btn--ghost" to="/profile/contact">
          Contact us
        </Link>
      </p>
    </main>
  );
}

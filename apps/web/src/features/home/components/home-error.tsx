import { Spinner } from '../../../components/ui/spinner';

/** The catalogue could not be loaded: say so and offer a retry (UI.md). */
export function HomeError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <section className="home-error" role="alert" aria-labelledby="home-error-title">
      <h2 id="home-error-title">We couldn’t load the catalogue</h2>
      <p>
        Check your internet connection, then try again. If it keeps happening, our servers may be busy for a moment.
      </p>
      {retrying ? (
        <Spinner label="Trying again" />
      ) : (
        <button data-nav-entry="retry" type="button" className="btn btn--primary" onClick={onRetry}>
          Try again
        </button>
      )}
    </section>
  );
}

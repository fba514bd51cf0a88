import './watch-progress.css';

/**
 * The share of a title watched, a bar along the bottom of its card's picture
 * (the history page, Continue Watching). A <progress>: its value is markup,
 * so the server's HTML draws the bar as it is, where a width would need a
 * style attribute the page's CSP refuses. Hidden from assistive technology:
 * the card's text says the time left.
 */
export function WatchProgress({ share }: { share: number }) {
  return (
    <span className="watch-progress" aria-hidden="true">
      <progress className="watch-progress__bar" max={1} value={share} />
    </span>
  );
}

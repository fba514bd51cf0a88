/**
 * A 'Get it on Google Play' store badge: black plate, the four-colour play
 * mark as inline SVG and the words as real text (nothing downloaded). The
 * words are the link's accessible name, so what people see is what a screen
 * reader or voice control hears (WCAG 2.5.3).
 */
export function GooglePlayBadge() {
  return (
    <span className="store-badge">
      <svg className="store-badge__mark" viewBox="0 0 31 34" aria-hidden="true" focusable="false">
        <path d="M1.2 0.9 18.6 16.8 1.2 32.7A2 2 0 0 1 0.5 31.1V2.5A2 2 0 0 1 1.2 0.9z" fill="#00d7fe" />
        <path d="M24.4 11.5 18.6 16.8 1.2 0.9c.4-.4 1.1-.4 1.9 0z" fill="#00f076" />
        <path d="M24.4 22.1 3.1 32.7c-.8.4-1.5.4-1.9 0L18.6 16.8z" fill="#f9364d" />
        <path d="M24.4 11.5l5.3 3c1.5.9 1.5 3.6 0 4.5l-5.3 3.1-5.8-5.3z" fill="#ffc700" />
      </svg>
      <span className="store-badge__words">
        <span className="store-badge__small">Get it on</span> <span className="store-badge__big">Google Play</span>
      </span>
    </span>
  );
}

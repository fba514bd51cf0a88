/**
 * The Bosphorus mark (a crescent over the strait's water, as in favicon.svg)
 * and the wordmark. Decorative: the link around it carries the name.
 */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`logo ${className}`.trim()} aria-hidden="true">
      <svg className="logo__mark" viewBox="0 0 64 64" focusable="false">
        <rect width="64" height="64" rx="14" fill="#D7263D" />
        <path d="M14 45c6-4 12-4 18 0s12 4 18 0" stroke="#fff" strokeWidth="5" fill="none" strokeLinecap="round" />
        <path d="M24 35a10 10 0 1 1 12-15 8 8 0 1 0-12 15z" fill="#fff" />
      </svg>
      <span className="logo__word">Bosphorus</span>
    </span>
  );
}

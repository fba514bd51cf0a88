import { MARK } from '../components/ui/mark';

/**
 * The Bosphorus mark (a crescent over the strait's water, as in favicon.svg)
 * and the wordmark. Decorative: the link around it carries the name.
 */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`logo ${className}`.trim()} aria-hidden="true">
      <svg className="logo__mark" viewBox="0 0 64 64" focusable="false">
        <rect width="64" height="64" rx="14" fill="#D7263D" />
        <path d={MARK.water} stroke="#fff" strokeWidth="5" fill="none" strokeLinecap="round" />
        <path d={MARK.crescent} fill="#fff" />
      </svg>
      <span className="logo__word">Bosphorus</span>
    </span>
  );
}

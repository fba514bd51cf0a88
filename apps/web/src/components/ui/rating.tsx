import { StarIcon } from './icons';

/** Spec §9: the rating shows rounded, with a star; hidden when absent. */
export function Rating({ value, max }: { value: number | undefined | null; max?: number }) {
  if (value === undefined || value === null) return null;
  return (
    <span className="rating" aria-label={`Rating ${Math.round(value)} out of ${max ?? 10}`}>
      <StarIcon />
      {Math.round(value)}
      {max ? <span aria-hidden="true">/{max}</span> : null}
    </span>
  );
}

import { LIST_PAGE_TEXTS, type SortOption } from '@bosphorus/contract';
import { SortIcon } from '../../../components/ui/icons';

/**
 * The A-Z / Z-A toggle (spec §4: empty → A-Z → Z-A → A-Z). The name says the
 * current order; the visible text is the order itself, or 'Sort' when none.
 */
export function SortToggle({ value, onCycle }: { value: SortOption | ''; onCycle: () => void }) {
  return (
    <button
      type="button"
      className="sort-toggle"
      aria-label={`Sort: ${value || 'none'}`}
      data-active={value ? true : undefined}
      onClick={onCycle}
    >
      <SortIcon />
      <span>{value || LIST_PAGE_TEXTS.sort}</span>
    </button>
  );
}

import { useMemo, useState } from 'react';
import type { FilterCriteria } from '@bosphorus/contract';
import type { ListKind } from '../types';
import {
  clearGroup,
  cycleSort,
  filterGroupsFor,
  selectedValues,
  toggleOpenGroup,
  toggleOption,
  type FilterGroup,
} from '../utils/filter-rules';
import { FilterDropdown } from './filter-dropdown';
import { SearchField } from './search-field';
import { SortToggle } from './sort-toggle';

export interface FilterBarProps {
  kind: ListKind;
  filters: FilterCriteria;
  /** Any change in year, genre, status or sort: the full new filter set (spec §4). */
  onChange: (filters: FilterCriteria) => void;
  search: string;
  /** The search text, once typing has paused. */
  onSearch: (search: string) => void;
}

/** Search box, Year / Status / Genre dropdowns and the sort toggle (spec §2 Lists). */
export function FilterBar({ kind, filters, onChange, search, onSearch }: FilterBarProps) {
  const [openGroup, setOpenGroup] = useState<FilterGroup | null>(null);
  // Each dropdown closes only itself: a click on another trigger opens that
  // one first, and the outside-click of the old one must not undo it.
  const closers: Record<FilterGroup, () => void> = useMemo(() => {
    const closeIfOpen = (group: FilterGroup) => () => setOpenGroup((open) => (open === group ? null : open));
    return { year: closeIfOpen('year'), status: closeIfOpen('status'), genre: closeIfOpen('genre') };
  }, []);

  return (
    <div className="filter-bar">
      <SearchField value={search} onCommit={onSearch} />
      <div className={`filter-bar__controls${kind === 'series' ? ' filter-bar__controls--pairs' : ''}`}>
        {filterGroupsFor(kind).map(({ group, label, options }) => (
          <FilterDropdown
            key={group}
            label={label}
            options={options}
            selected={selectedValues(filters, group)}
            open={openGroup === group}
            onToggleOpen={() => setOpenGroup((open) => toggleOpenGroup(open, group))}
            onClose={closers[group]}
            onToggleOption={(value) => onChange(toggleOption(filters, group, value))}
            onClear={() => onChange(clearGroup(filters, group))}
          />
        ))}
        <SortToggle value={filters.sortby} onCycle={() => onChange(cycleSort(filters))} />
      </div>
    </div>
  );
}

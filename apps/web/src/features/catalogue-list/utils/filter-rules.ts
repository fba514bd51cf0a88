import {
  EMPTY_FILTERS,
  GENRES,
  MESSAGES,
  nextSort,
  STATUS_OPTIONS,
  YEAR_OPTIONS,
  type FilterCriteria,
  type SeriesStatus,
} from '@bosphorus/contract';
import type { ListKind } from '../types';

// Spec §4 "Lists and filters" as pure functions, so the rules are tested
// without a DOM and the components only wire them to clicks.

export type FilterGroup = 'year' | 'status' | 'genre';

export interface FilterOption {
  /** The wire value as text: a year label, a genre id, a status. */
  value: string;
  label: string;
}

export interface FilterGroupDefinition {
  group: FilterGroup;
  label: string;
  options: readonly FilterOption[];
}

const YEAR_GROUP: FilterGroupDefinition = {
  group: 'year',
  label: MESSAGES.year,
  options: YEAR_OPTIONS.map((year) => ({ value: year, label: year })),
};
const STATUS_GROUP: FilterGroupDefinition = {
  group: 'status',
  label: MESSAGES.status,
  options: STATUS_OPTIONS.map((status) => ({ value: status, label: MESSAGES[status] })),
};
const GENRE_GROUP: FilterGroupDefinition = {
  group: 'genre',
  label: MESSAGES.genre,
  options: GENRES.map((g) => ({ value: String(g.id), label: g.title })),
};

/** The dropdowns of the filter bar, in order. Status is for series only (spec §2 Lists). */
export function filterGroupsFor(kind: ListKind): FilterGroupDefinition[] {
  return kind === 'series' ? [YEAR_GROUP, STATUS_GROUP, GENRE_GROUP] : [YEAR_GROUP, GENRE_GROUP];
}

/** Only one dropdown is open at a time; clicking the open one closes it. */
export function toggleOpenGroup(open: FilterGroup | null, clicked: FilterGroup): FilterGroup | null {
  return open === clicked ? null : clicked;
}

const yearRank = (year: string) => (YEAR_OPTIONS as readonly string[]).indexOf(year);
const genreRank = (id: number) => GENRES.findIndex((g) => g.id === id);

/**
 * Adds or removes one option. Year and Genre allow several options, kept in
 * the order of the option list so equal selections give equal URLs and cache
 * keys. Status allows one: checking one unchecks the other, unchecking the
 * checked one leaves no status.
 */
export function toggleOption(filters: FilterCriteria, group: FilterGroup, value: string): FilterCriteria {
  switch (group) {
    case 'year': {
      if (yearRank(value) < 0) return filters;
      const year = filters.year.includes(value)
        ? filters.year.filter((y) => y !== value)
        : [...filters.year, value].sort((a, b) => yearRank(a) - yearRank(b));
      return { ...filters, year };
    }
    case 'genre': {
      const id = Number(value);
      if (genreRank(id) < 0) return filters;
      const genre = filters.genre.includes(id)
        ? filters.genre.filter((g) => g !== id)
        : [...filters.genre, id].sort((a, b) => genreRank(a) - genreRank(b));
      return { ...filters, genre };
    }
    case 'status': {
      if (!(STATUS_OPTIONS as readonly string[]).includes(value)) return filters;
      return { ...filters, status: filters.status === value ? '' : (value as SeriesStatus) };
    }
  }
}

/** The values of a group that are checked, as option values. */
export function selectedValues(filters: FilterCriteria, group: FilterGroup): string[] {
  switch (group) {
    case 'year':
      return filters.year;
    case 'genre':
      return filters.genre.map(String);
    case 'status':
      return filters.status ? [filters.status] : [];
  }
}

/** The clear icon unchecks the whole group. */
export function clearGroup(filters: FilterCriteria, group: FilterGroup): FilterCriteria {
  return { ...filters, [group]: EMPTY_FILTERS[group] };
}

/** The sort control cycles empty → A-Z → Z-A → A-Z. */
export function cycleSort(filters: FilterCriteria): FilterCriteria {
  return { ...filters, sortby: nextSort(filters.sortby) };
}

/** True when a year, genre or status is checked (the sort order filters nothing). */
export function hasFilterSelection(filters: FilterCriteria): boolean {
  return filters.year.length > 0 || filters.genre.length > 0 || filters.status !== '';
}

/** True when the list shows less than the whole catalogue. */
export function isFiltered(filters: FilterCriteria, search: string): boolean {
  return hasFilterSelection(filters) || search.trim() !== '';
}

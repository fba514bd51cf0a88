import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, type FilterCriteria } from '@bosphorus/contract';
import {
  clearGroup,
  cycleSort,
  filterGroupsFor,
  hasFilterSelection,
  isFiltered,
  selectedValues,
  toggleOpenGroup,
  toggleOption,
} from './filter-rules';

const filters = (over: Partial<FilterCriteria> = {}): FilterCriteria => ({ ...EMPTY_FILTERS, ...over });

describe('filter groups (spec §2 Lists)', () => {
  it('offers Year, Status and Genre for series, with the spec options', () => {
    const groups = filterGroupsFor('series');
    expect(groups.map((g) => g.label)).toEqual(['Year', 'Status', 'Genre']);
    expect(groups[0]!.options.map((o) => o.label)).toEqual([
      '2025',
      '2024',
      '2023',
      '2022',
      '2021',
      '2016-2020',
      '2011-2015',
      '2001-2010',
    ]);
    expect(groups[1]!.options).toEqual([
      { value: 'ongoing', label: 'Ongoing' },
      { value: 'ended', label: 'Ended' },
    ]);
    expect(groups[2]!.options.map((o) => `${o.label}=${o.value}`)).toEqual([
      'Action=1',
      'Adventure=2',
      'Drama=4',
      'History=5',
      'Comedy=6',
      'Biography=7',
      'Romance=8',
      'Thriller=9',
      'Horror=10',
      'Soap Opera=11',
    ]);
  });

  it('has no Status for movies', () => {
    expect(filterGroupsFor('movies').map((g) => g.group)).toEqual(['year', 'genre']);
  });
});

describe('toggleOpenGroup (only one dropdown open at a time)', () => {
  it('opens the clicked dropdown when none is open', () => {
    expect(toggleOpenGroup(null, 'year')).toBe('year');
  });
  it('opening one closes the other', () => {
    expect(toggleOpenGroup('year', 'genre')).toBe('genre');
    expect(toggleOpenGroup('genre', 'status')).toBe('status');
  });
  it('clicking the open one closes it', () => {
    expect(toggleOpenGroup('status', 'status')).toBeNull();
  });
});

describe('toggleOption', () => {
  it('lets Year hold several options, kept in option-list order', () => {
    let f = toggleOption(filters(), 'year', '2016-2020');
    f = toggleOption(f, 'year', '2025');
    f = toggleOption(f, 'year', '2001-2010');
    expect(f.year).toEqual(['2025', '2016-2020', '2001-2010']);
    expect(toggleOption(f, 'year', '2025').year).toEqual(['2016-2020', '2001-2010']);
  });

  it('lets Genre hold several ids, kept in option-list order', () => {
    let f = toggleOption(filters(), 'genre', '11');
    f = toggleOption(f, 'genre', '4');
    expect(f.genre).toEqual([4, 11]);
    expect(toggleOption(f, 'genre', '11').genre).toEqual([4]);
  });

  it('ignores values that are not options (genre 3 does not exist)', () => {
    const f = filters({ genre: [4] });
    expect(toggleOption(f, 'genre', '3')).toBe(f);
    expect(toggleOption(f, 'year', '2019')).toBe(f);
    expect(toggleOption(f, 'status', 'paused')).toBe(f);
  });

  it('Status is a single choice: checking one unchecks the other', () => {
    const ongoing = toggleOption(filters(), 'status', 'ongoing');
    expect(ongoing.status).toBe('ongoing');
    expect(toggleOption(ongoing, 'status', 'ended').status).toBe('ended');
  });

  it('unchecking the checked status leaves it empty', () => {
    expect(toggleOption(filters({ status: 'ended' }), 'status', 'ended').status).toBe('');
  });

  it('keeps the other filters as they were', () => {
    const f = filters({ year: ['2024'], genre: [5], sortby: 'Z-A', status: 'ongoing' });
    expect(toggleOption(f, 'genre', '6')).toEqual({ ...f, genre: [5, 6] });
  });

  it('never mutates its input', () => {
    const f = filters({ year: ['2024'] });
    toggleOption(f, 'year', '2023');
    expect(f.year).toEqual(['2024']);
  });
});

describe('selectedValues', () => {
  it('gives each group its checked values as text', () => {
    const f = filters({ year: ['2024'], genre: [4, 10], status: 'ended' });
    expect(selectedValues(f, 'year')).toEqual(['2024']);
    expect(selectedValues(f, 'genre')).toEqual(['4', '10']);
    expect(selectedValues(f, 'status')).toEqual(['ended']);
    expect(selectedValues(filters(), 'status')).toEqual([]);
  });
});

describe('clearGroup (the clear icon unchecks the whole group)', () => {
  const f = filters({ year: ['2024', '2023'], genre: [1, 2], status: 'ended', sortby: 'A-Z' });
  it('clears Year only', () => {
    expect(clearGroup(f, 'year')).toEqual({ ...f, year: [] });
  });
  it('clears Genre only', () => {
    expect(clearGroup(f, 'genre')).toEqual({ ...f, genre: [] });
  });
  it('clears Status only', () => {
    expect(clearGroup(f, 'status')).toEqual({ ...f, status: '' });
  });
});

describe('cycleSort (empty → A-Z → Z-A → A-Z)', () => {
  it('cycles through the orders and never back to empty', () => {
    const first = cycleSort(filters());
    expect(first.sortby).toBe('A-Z');
    const second = cycleSort(first);
    expect(second.sortby).toBe('Z-A');
    expect(cycleSort(second).sortby).toBe('A-Z');
  });
});

describe('hasFilterSelection', () => {
  it('counts year, genre and status, not the sort order or the search', () => {
    expect(hasFilterSelection(filters({ sortby: 'A-Z' }))).toBe(false);
    expect(hasFilterSelection(filters({ year: ['2021'] }))).toBe(true);
    expect(hasFilterSelection(filters({ genre: [7] }))).toBe(true);
    expect(hasFilterSelection(filters({ status: 'ongoing' }))).toBe(true);
  });
});

describe('isFiltered', () => {
  it('is false for the whole catalogue, whatever the order', () => {
    expect(isFiltered(filters(), '')).toBe(false);
    expect(isFiltered(filters({ sortby: 'Z-A' }), '  ')).toBe(false);
  });
  it('is true with any filter or search', () => {
    expect(isFiltered(filters({ year: ['2024'] }), '')).toBe(true);
    expect(isFiltered(filters({ genre: [4] }), '')).toBe(true);
    expect(isFiltered(filters({ status: 'ended' }), '')).toBe(true);
    expect(isFiltered(filters(), 'aşk')).toBe(true);
  });
});

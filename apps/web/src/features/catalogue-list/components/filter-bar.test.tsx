// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { EMPTY_FILTERS, SEARCH_DEBOUNCE_MS, type FilterCriteria } from '@bosphorus/contract';
import type { ListKind } from '../types';
import { FilterBar } from './filter-bar';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The bar inside a parent that holds the state, as the list page does. */
function setup({
  kind = 'series',
  initial = EMPTY_FILTERS,
  search = '',
}: { kind?: ListKind; initial?: FilterCriteria; search?: string } = {}) {
  const onChange = vi.fn<(filters: FilterCriteria) => void>();
  const onSearch = vi.fn<(search: string) => void>();
  function Parent() {
    const [filters, setFilters] = useState(initial);
    const [text, setText] = useState(search);
    return (
      <>
        <FilterBar
          kind={kind}
          filters={filters}
          onChange={(next) => {
            onChange(next);
            setFilters(next);
          }}
          search={text}
          onSearch={(next) => {
            onSearch(next);
            setText(next);
          }}
        />
        <button type="button" onClick={() => setText('from outside')}>
          Outside
        </button>
      </>
    );
  }
  render(<Parent />);
  return { onChange, onSearch };
}

const trigger = (name: string) => screen.getByRole('button', { name });
const panel = (name: string) => screen.queryByRole('group', { name });

describe('FilterBar dropdowns (spec §4 Lists and filters)', () => {
  it('shows Year, Status and Genre for series, no Status for movies', () => {
    setup();
    expect(trigger('Year')).toBeTruthy();
    expect(trigger('Status')).toBeTruthy();
    expect(trigger('Genre')).toBeTruthy();
    cleanup();
    setup({ kind: 'movies' });
    expect(screen.queryByRole('button', { name: 'Status' })).toBeNull();
  });

  it("draws a panel's options when it first opens and keeps them after it closes", () => {
    setup();
    const boxes = () => document.body.querySelectorAll('.filter-dropdown__options input[type="checkbox"]').length;
    expect(boxes(), 'no checkbox before a panel opens').toBe(0);
    fireEvent.click(trigger('Status'));
    const status = boxes();
    expect(status).toBeGreaterThan(0);
    expect(screen.getAllByRole('checkbox')).toHaveLength(status);
    fireEvent.click(trigger('Status'));
    expect(panel('Status')).toBeNull();
    expect(boxes(), 'kept while closed').toBe(status);
    fireEvent.click(trigger('Genre'));
    expect(boxes()).toBeGreaterThan(status);
  });

  it('opens one panel at a time and clicking the open one closes it', () => {
    setup();
    fireEvent.click(trigger('Year'));
    expect(trigger('Year').getAttribute('aria-expanded')).toBe('true');
    expect(panel('Year')).not.toBeNull();
    expect(trigger('Year').getAttribute('aria-controls')).toBe(panel('Year')!.id);

    fireEvent.click(trigger('Genre'));
    expect(trigger('Year').getAttribute('aria-expanded')).toBe('false');
    expect(panel('Year')).toBeNull();
    expect(panel('Genre')).not.toBeNull();

    fireEvent.click(trigger('Genre'));
    expect(trigger('Genre').getAttribute('aria-expanded')).toBe('false');
    expect(panel('Genre')).toBeNull();
  });

  it('closes on Escape and gives focus back to the trigger', () => {
    setup();
    fireEvent.click(trigger('Status'));
    const ongoing = screen.getByRole('checkbox', { name: 'Ongoing' });
    ongoing.focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(panel('Status')).toBeNull();
    expect(document.activeElement).toBe(trigger('Status'));
  });

  it('closes on a click outside, not on a click inside', () => {
    setup();
    fireEvent.click(trigger('Genre'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Drama' }));
    expect(panel('Genre')).not.toBeNull();
    fireEvent.click(document.body);
    expect(panel('Genre')).toBeNull();
  });

  it('lets a click outside reach its target before the panel closes', () => {
    setup();
    fireEvent.click(trigger('Year'));
    fireEvent.click(screen.getByRole('button', { name: 'Outside' }));
    expect(panel('Year')).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', 'from outside');
  });

  it('closes when focus moves out of the dropdown', () => {
    setup();
    fireEvent.click(trigger('Genre'));
    fireEvent.blur(screen.getByRole('checkbox', { name: 'Drama' }), { relatedTarget: trigger('Year') });
    expect(panel('Genre')).toBeNull();
  });

  it('lets Year and Genre hold several options and reports the full filter set', () => {
    const { onChange } = setup({ initial: { ...EMPTY_FILTERS, sortby: 'Z-A' } });
    fireEvent.click(trigger('Year'));
    fireEvent.click(screen.getByRole('checkbox', { name: '2016-2020' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '2024' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, sortby: 'Z-A', year: ['2024', '2016-2020'] });
    expect((screen.getByRole('checkbox', { name: '2024' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(trigger('Genre'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Soap Opera' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Drama' }));
    expect(onChange).toHaveBeenLastCalledWith({
      ...EMPTY_FILTERS,
      sortby: 'Z-A',
      year: ['2024', '2016-2020'],
      genre: [4, 11],
    });
  });

  it('Status is a single choice; unchecking leaves it empty', () => {
    const { onChange } = setup();
    fireEvent.click(trigger('Status'));
    const ongoing = () => screen.getByRole('checkbox', { name: 'Ongoing' }) as HTMLInputElement;
    const ended = () => screen.getByRole('checkbox', { name: 'Ended' }) as HTMLInputElement;
    fireEvent.click(ongoing());
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, status: 'ongoing' });
    fireEvent.click(ended());
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, status: 'ended' });
    expect(ongoing().checked).toBe(false);
    expect(ended().checked).toBe(true);
    fireEvent.click(ended());
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, status: '' });
    expect(ended().checked).toBe(false);
  });

  it('shows a clear button only while a group has a checked option, and it clears that group', () => {
    const { onChange } = setup({ initial: { ...EMPTY_FILTERS, genre: [4, 5], year: ['2024'] } });
    expect(screen.queryByRole('button', { name: 'Clear Status' })).toBeNull();
    expect(trigger('Clear Year')).toBeTruthy();
    fireEvent.click(trigger('Clear Genre'));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, year: ['2024'] });
    expect(screen.queryByRole('button', { name: 'Clear Genre' })).toBeNull();
    expect(document.activeElement).toBe(trigger('Genre'));
  });

  it('keeps the trigger name to the group label while options are checked', () => {
    setup({ initial: { ...EMPTY_FILTERS, genre: [4, 5] } });
    expect(trigger('Genre').getAttribute('aria-describedby')).toBeTruthy();
  });
});

describe('SortToggle', () => {
  it('cycles empty → A-Z → Z-A → A-Z with matching names and text', () => {
    const { onChange } = setup();
    const sort = () => screen.getByRole('button', { name: /^Sort: / });
    expect(sort().getAttribute('aria-label')).toBe('Sort: none');
    expect(sort().textContent).toBe('Sort');
    fireEvent.click(sort());
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, sortby: 'A-Z' });
    expect(sort().getAttribute('aria-label')).toBe('Sort: A-Z');
    expect(sort().textContent).toBe('A-Z');
    fireEvent.click(sort());
    expect(sort().getAttribute('aria-label')).toBe('Sort: Z-A');
    fireEvent.click(sort());
    expect(sort().getAttribute('aria-label')).toBe('Sort: A-Z');
  });
});

describe('SearchField (spec §4, §9: sent after 400 ms without typing)', () => {
  const box = () => screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;

  it('has the spec placeholder and starts from the given search', () => {
    setup({ search: 'Çukur' });
    expect(box().placeholder).toBe('Series,actors');
    expect(box().value).toBe('Çukur');
  });

  it('sends the trimmed text once, 400 ms after the last keystroke', () => {
    vi.useFakeTimers();
    const { onSearch } = setup();
    fireEvent.input(box(), { target: { value: 'K' } });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
    });
    fireEvent.input(box(), { target: { value: 'Kış ' } });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('Kış');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 3);
    });
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('sends at once on Enter, and not again after the pause', () => {
    vi.useFakeTimers();
    const { onSearch } = setup();
    fireEvent.input(box(), { target: { value: 'Diriliş' } });
    fireEvent.submit(box().form!);
    expect(onSearch).toHaveBeenCalledWith('Diriliş');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('follows an outside change of the search without sending the old text back', () => {
    vi.useFakeTimers();
    const { onSearch } = setup({ search: 'old' });
    fireEvent.click(screen.getByRole('button', { name: 'Outside' }));
    expect(box().value).toBe('from outside');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    });
    expect(onSearch).not.toHaveBeenCalled();
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Pagination } from './pagination';

afterEach(cleanup);

/** The list's address of a page, its other parameters kept (as the list page gives it). */
const hrefFor = (page: number) => `/allseries?genre=4${page > 1 ? `&page=${page}` : ''}`;

function setup(page: number, totalPages: number) {
  const onPageChange = vi.fn<(page: number) => void>();
  const view = render(
    <MemoryRouter initialEntries={[hrefFor(page)]}>
      <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} onPageChange={onPageChange} />
    </MemoryRouter>,
  );
  return { onPageChange, view };
}

/**
 * A control: a link (the server's HTML pages through the list without
 * JavaScript), `disabled` when it has nowhere to go (aria-disabled, no address).
 */
const button = (name: string) => {
  const link = screen.getByRole('link', { name });
  return Object.assign(link, { disabled: link.getAttribute('aria-disabled') === 'true' });
};
const pageNumbers = () =>
  screen.getAllByRole('link', { name: /^Page \d+$/ }).map((b) => Number(b.getAttribute('aria-label')!.slice(5)));

describe('Pagination (spec §2 Lists)', () => {
  it('is hidden when everything fits on one page', () => {
    expect(setup(1, 1).view.container.innerHTML).toBe('');
    cleanup();
    expect(setup(1, 0).view.container.innerHTML).toBe('');
  });

  it('is a navigation landmark named Pagination with first/previous/next/last controls', () => {
    setup(3, 10);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) expect(button(name)).toBeTruthy();
  });

  it('shows a window of up to 5 numbers and marks the current page', () => {
    setup(6, 10);
    expect(pageNumbers()).toEqual([4, 5, 6, 7, 8]);
    expect(button('Page 6').getAttribute('aria-current')).toBe('page');
    expect(button('Page 5').hasAttribute('aria-current')).toBe(false);
    expect(button('Page 6').textContent).toBe('6');
  });

  it('shows every page when there are fewer than 5', () => {
    setup(2, 3);
    expect(pageNumbers()).toEqual([1, 2, 3]);
  });

  it('disables first and previous on the first page', () => {
    setup(1, 4);
    expect(button('First page').disabled).toBe(true);
    expect(button('Previous page').disabled).toBe(true);
    expect(button('Next page').disabled).toBe(false);
    expect(button('Last page').disabled).toBe(false);
  });

  it('disables next and last on the last page', () => {
    setup(4, 4);
    expect(button('First page').disabled).toBe(false);
    expect(button('Previous page').disabled).toBe(false);
    expect(button('Next page').disabled).toBe(true);
    expect(button('Last page').disabled).toBe(true);
  });

  it('asks for the right page from every control', () => {
    const { onPageChange } = setup(5, 100);
    fireEvent.click(button('First page'));
    fireEvent.click(button('Previous page'));
    fireEvent.click(button('Page 7'));
    fireEvent.click(button('Next page'));
    fireEvent.click(button('Last page'));
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([1, 4, 7, 6, 100]);
  });

  it('does nothing when the current page is clicked', () => {
    const { onPageChange } = setup(2, 5);
    fireEvent.click(button('Page 2'));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('links every control to its page, the other parameters kept; a disabled one has no address', () => {
    setup(1, 4);
    expect(button('Page 2').getAttribute('href')).toBe('/allseries?genre=4&page=2');
    expect(button('Next page').getAttribute('href')).toBe('/allseries?genre=4&page=2');
    expect(button('Last page').getAttribute('href')).toBe('/allseries?genre=4&page=4');
    expect(button('Page 1').getAttribute('href')).toBe('/allseries?genre=4');
    expect(button('First page').hasAttribute('href')).toBe(false);
    expect(button('Previous page').hasAttribute('href')).toBe(false);
  });

  it('leaves a click with a modifier or another button to the browser (a new tab); a disabled control does nothing', () => {
    const { onPageChange } = setup(1, 4);
    expect(fireEvent.click(button('Page 3'), { ctrlKey: true }), 'the browser follows the link').toBe(true);
    fireEvent.click(button('Page 3'), { button: 1 });
    fireEvent.click(button('Previous page'));
    expect(onPageChange).not.toHaveBeenCalled();
    expect(fireEvent.click(button('Page 3')), 'a plain click is the app’s own').toBe(false);
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('treats a page past the end as the last page', () => {
    setup(50, 8);
    expect(pageNumbers()).toEqual([4, 5, 6, 7, 8]);
    expect(button('Page 8').getAttribute('aria-current')).toBe('page');
    expect(button('Next page').disabled).toBe(true);
  });
});

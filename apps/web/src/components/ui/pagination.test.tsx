// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Pagination } from './pagination';

afterEach(cleanup);

function setup(page: number, totalPages: number) {
  const onPageChange = vi.fn<(page: number) => void>();
  const view = render(<Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />);
  return { onPageChange, view };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const pageNumbers = () =>
  screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => Number(b.getAttribute('aria-label')!.slice(5)));

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

  it('treats a page past the end as the last page', () => {
    setup(50, 8);
    expect(pageNumbers()).toEqual([4, 5, 6, 7, 8]);
    expect(button('Page 8').getAttribute('aria-current')).toBe('page');
    expect(button('Next page').disabled).toBe(true);
  });
});

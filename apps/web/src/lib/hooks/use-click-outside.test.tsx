// @vitest-environment happy-dom
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useClickOutside, type ClickOutsideOptions } from './use-click-outside';

afterEach(cleanup);

function Panel({ onOutside, ...options }: ClickOutsideOptions & { onOutside: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useClickOutside(ref, onOutside, options);
  return (
    <>
      <div ref={ref}>
        <button type="button">Inside</button>
      </div>
      <button type="button">Outside</button>
    </>
  );
}

describe('useClickOutside', () => {
  it('reports a press outside, not one inside', () => {
    const onOutside = vi.fn();
    render(<Panel active onOutside={onOutside} />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Inside' }));
    expect(onOutside).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Outside' }));
    expect(onOutside).toHaveBeenCalledTimes(1);
  });

  it('listens only while active', () => {
    const onOutside = vi.fn();
    const { rerender } = render(<Panel active={false} onOutside={onOutside} />);
    fireEvent.pointerDown(document.body);
    expect(onOutside).not.toHaveBeenCalled();
    rerender(<Panel active onOutside={onOutside} />);
    fireEvent.pointerDown(document.body);
    expect(onOutside).toHaveBeenCalledTimes(1);
  });

  it("with event 'click', waits for the click and ignores the press", () => {
    const onOutside = vi.fn();
    render(<Panel active event="click" onOutside={onOutside} />);
    fireEvent.pointerDown(document.body);
    expect(onOutside).not.toHaveBeenCalled();
    fireEvent.click(document.body);
    expect(onOutside).toHaveBeenCalledTimes(1);
  });

  it('calls the latest callback without subscribing again', () => {
    const first = vi.fn();
    const second = vi.fn();
    const add = vi.spyOn(document, 'addEventListener');
    const { rerender } = render(<Panel active onOutside={first} />);
    const subscriptions = add.mock.calls.filter(([type]) => type === 'pointerdown').length;
    rerender(<Panel active onOutside={second} />);
    expect(add.mock.calls.filter(([type]) => type === 'pointerdown')).toHaveLength(subscriptions);
    fireEvent.pointerDown(document.body);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    add.mockRestore();
  });
});

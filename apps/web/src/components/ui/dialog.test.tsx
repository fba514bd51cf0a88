// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { Dialog } from './dialog';

afterEach(cleanup);

const escape = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

describe('Dialog', () => {
  it('takes the focus on open, keeps Tab inside, and gives the focus back on close', () => {
    const onClose = vi.fn();
    const page = (open: boolean) => (
      <>
        <button type="button">Before</button>
        <Dialog open={open} title="Email Verification Required" onClose={onClose}>
          <input aria-label="Code" />
          <button type="button">Verify</button>
        </Dialog>
      </>
    );
    const view = render(page(false));
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    view.rerender(page(true));
    const dialog = screen.getByRole('dialog', { name: 'Email Verification Required' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    expect(document.body.style.overflow).toBe('hidden');

    screen.getByRole('button', { name: 'Verify' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Verify' }));

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    view.rerender(page(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(before);
    expect(document.body.style.overflow).toBe('');
  });

  it('hears Escape in the commit that shows it, before the browser paints (a key pressed at once is not lost)', async () => {
    // An update outside act, as the app's own are: React commits it in a
    // task of its own and runs passive effects (useEffect) in a later one,
    // after the paint. The observer sees the dialog's node arrive in the
    // commit itself and presses Escape there, as a quick user or a test
    // driver pressing as soon as the dialog is visible does.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    try {
      // Mounted closed first, as the app's dialogs are: the open render
      // brings a new onClose and initialFocus, and the commit must use them.
      const stale = vi.fn();
      root.render(
        <Dialog open={false} title="Email Verification Required" onClose={stale} initialFocus={() => null}>
          <input aria-label="Code" />
        </Dialog>,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      const onClose = vi.fn();
      let focusedAtOnce: Element | null = null;
      const arrived = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[role="dialog"]')) return;
          observer.disconnect();
          focusedAtOnce = document.activeElement;
          escape();
          resolve();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
      root.render(
        <Dialog
          open
          title="Email Verification Required"
          onClose={onClose}
          initialFocus={() => document.querySelector<HTMLElement>('[aria-label="Code"]')}
        >
          <input aria-label="Code" />
        </Dialog>,
      );
      await arrived;
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(stale).not.toHaveBeenCalled();
      expect(focusedAtOnce).toBe(document.querySelector('[aria-label="Code"]'));
    } finally {
      root.unmount();
      host.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('stops listening once closed', () => {
    const onClose = vi.fn();
    const view = render(
      <Dialog open title="Report" onClose={onClose}>
        <p>Body</p>
      </Dialog>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    view.unmount();
    escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

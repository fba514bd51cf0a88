import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLatest } from '../../lib/hooks/use-latest';
import { CloseIcon } from './icons';
import './dialog.css';

// A modal dialog: labelled by its title, focus moves in on open, Tab and
// Shift+Tab stay inside, Escape and the close button call onClose, and focus
// returns to where it was when the dialog closes. Focus and the keys are
// taken in a layout effect, in the commit that opens the dialog: a key
// pressed as soon as the dialog is on screen reaches it (a passive effect
// runs after the paint, and on a loaded machine an Escape pressed in between
// was lost).

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Where focus goes first; the first focusable element otherwise. */
  initialFocus?: () => HTMLElement | null | undefined;
  /** Extra class on the panel (a dialog that needs another width). */
  className?: string;
}

export function Dialog({ open, title, onClose, children, initialFocus, className }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useLatest(onClose);
  const initialFocusRef = useLatest(initialFocus);

  useLayoutEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = initialFocusRef.current?.() ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();

    const handleKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab' || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (e.shiftKey && (active === firstItem || !panel.contains(active))) {
        e.preventDefault();
        lastItem.focus();
      } else if (!e.shiftKey && (active === lastItem || !panel.contains(active))) {
        e.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', handleKey, true);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', handleKey, true);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open, onCloseRef, initialFocusRef]);

  if (!open) return null;
  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={panelRef}
        className={className ? `dialog ${className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}

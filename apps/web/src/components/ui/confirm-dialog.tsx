import { useRef } from 'react';
import { Dialog } from './dialog';

// A question before something that cannot be undone (delete all history, a
// review or a reply: issue 15, decision 0077): the title asks, the text says
// what goes, Cancel (focused first, the safe answer) or the action.

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The action runs: the button waits. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} title={title} onClose={onCancel} initialFocus={() => cancelRef.current}>
      <p>{text}</p>
      <div className="confirm-dialog__actions">
        <button ref={cancelRef} type="button" className="btn btn--ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

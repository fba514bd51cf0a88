import { useRef, useState, type ReactNode } from 'react';
import { ADMIN_TEXTS, MESSAGES } from '@bosphorus/contract';
import { Dialog } from '../../../components/ui/dialog';

// The console's shared pieces (ui.md "The operator console"): forms open in
// a side panel; a destructive action asks once, naming what it will do.

const stamp = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A time as the console shows it: "26 Nov 2026, 18:05 UTC". */
export function When({ at }: { at: string | null }) {
  if (!at) return <span className="console__none">—</span>;
  return <time dateTime={at}>{stamp.format(new Date(at))} UTC</time>;
}

/** A form or a record beside the table: a dialog docked to the right edge. */
export function SidePanel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open title={title} onClose={onClose} className="console-panel">
      {children}
    </Dialog>
  );
}

/**
 * A destructive action's single question, asked in place (a side panel is a
 * dialog already; a second one would fight it for the focus): the button
 * turns into the question, which names what the action will do, with the
 * action's own button (focused) and Cancel. Escape cancels.
 */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  disabled,
}: {
  label: string;
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const again = useRef<HTMLButtonElement>(null);
  const stop = (refocus: boolean) => {
    setAsking(false);
    if (refocus) requestAnimationFrame(() => again.current?.focus());
  };
  if (!asking) {
    return (
      <button
        ref={again}
        type="button"
        className="btn btn--secondary btn--danger"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <div
      className="console__confirm"
      role="group"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        e.nativeEvent.stopImmediatePropagation();
        stop(true);
      }}
    >
      <p>{question}</p>
      <button
        type="button"
        className="btn btn--primary"
        autoFocus
        onClick={() => {
          stop(false);
          onConfirm();
        }}
      >
        {label}
      </button>
      <button type="button" className="btn btn--secondary" onClick={() => stop(true)}>
        {ADMIN_TEXTS.cancel}
      </button>
    </div>
  );
}

/** What the last action said (a polite live region). */
export function Outcome({ text, error }: { text: string | null; error?: boolean }) {
  return (
    <p
      className={error ? 'console__outcome console__outcome--error' : 'console__outcome'}
      role={error ? 'alert' : 'status'}
    >
      {text}
    </p>
  );
}

/**
 * What a query shows while it loads, when it failed, and when it found
 * nothing; its content (`children`, called with the data) otherwise.
 */
export function Loaded<T>({
  query,
  empty,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined };
  /** Shown instead of the content when `isEmpty(data)`. */
  empty?: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <p role="status">{MESSAGES.loading}</p>;
  if (query.isError || query.data === undefined) return <p role="alert">{query.error?.message}</p>;
  if (empty !== undefined && isEmpty?.(query.data)) return <p>{empty}</p>;
  return <>{children(query.data)}</>;
}

/**
 * The console's table: column headers (sticky), rows as children, and an
 * unnamed last column for the rows' buttons when `actions` is set. `small`:
 * a table inside a side panel (no scrolling frame, smaller type).
 */
export function ConsoleTable({
  columns,
  actions,
  small,
  label,
  children,
}: {
  columns: readonly ReactNode[];
  actions?: boolean;
  small?: boolean;
  label?: string;
  children: ReactNode;
}) {
  const table = (
    <table className={small ? 'console-table console-table--small' : 'console-table'} aria-label={label}>
      <thead>
        <tr>
          {columns.map((name, i) => (
            <th key={i} scope="col">
              {name}
            </th>
          ))}
          {actions ? (
            <th scope="col">
              <span className="visually-hidden">{ADMIN_TEXTS.actions}</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  return small ? table : <div className="console-table__wrap">{table}</div>;
}

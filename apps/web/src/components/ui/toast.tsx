import { useEffect, useSyncExternalStore } from 'react';
import { TOAST_DEFAULT_MS } from '@bosphorus/contract';
import { CloseIcon } from './icons';
import './toast.css';

// Spec §8 / UI.md: toasts sit bottom-left and close by themselves after
// TOAST_DEFAULT_MS (3 s or 15 s where the spec says). A module store, so code
// outside React (the session) can raise one too. Errors are announced
// assertively, the rest politely.

export type ToastTone = 'error' | 'success' | 'info';
export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  durationMs: number;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
function emit() {
  for (const cb of [...listeners]) cb();
}

export function showToast(
  message: string,
  { tone = 'info', durationMs = TOAST_DEFAULT_MS } = {} as {
    tone?: ToastTone;
    durationMs?: number;
  },
): number {
  const id = nextId++;
  toasts = [...toasts, { id, message, tone, durationMs }];
  emit();
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Tests: forget every toast. */
export function clearToasts() {
  toasts = [];
  emit();
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => toasts,
    () => toasts,
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs]);
  return (
    <li className={`toast toast--${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
      <span className="toast__text">{toast.message}</span>
      <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismissToast(toast.id)}>
        <CloseIcon />
      </button>
    </li>
  );
}

export function Toaster() {
  const list = useToasts();
  return (
    <ol className="toaster" aria-label="Notifications">
      {list.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </ol>
  );
}

import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES, NOTIFICATION_TEXTS, type Notification } from '@bosphorus/contract';
import { BellIcon } from '../../../components/ui/feature-icons';
import { showToast } from '../../../components/ui/toast';
import { useViewerKey } from '../../../lib/session';
import { useDeleteAllNotifications } from '../api/delete-all-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useNotifications } from '../api/get-notifications';
import { useWebPush } from '../hooks/use-web-push';
import './notifications-dropdown.css';

// Spec §2 Header bell: the dropdown titled 'Notification' with Delete All
// and 'No notifications yet'; the unread count on the bell. Opening one
// marks it read and opens /watchEpisodes/{item_id}, even when marking fails
// (spec §8). The header owns the open state (its dropdown behaviour: Escape,
// a press outside); arrow keys move between the panel's controls, so a TV
// remote can reach every notification.

export interface NotificationsDropdownProps {
  userId: number | string;
  open: boolean;
  onToggle(): void;
  onClose(): void;
  panelId: string;
  wrapRef: RefObject<HTMLDivElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

type TimeUnit = 'day' | 'hour' | 'minute' | 'second';

/**
 * Intl.RelativeTimeFormat's English with numeric 'auto', for engines that
 * lack it (Chromium before 71: Samsung's 2019 and 2020 TVs, issue 14).
 */
export function relativeTimeFallback(value: number, unit: TimeUnit): string {
  if (value === 0) return unit === 'second' ? 'now' : unit === 'day' ? 'today' : `this ${unit}`;
  if (unit === 'day' && Math.abs(value) === 1) return value < 0 ? 'yesterday' : 'tomorrow';
  const count = Math.abs(value);
  const span = `${count} ${unit}${count === 1 ? '' : 's'}`;
  return value < 0 ? `${span} ago` : `in ${span}`;
}

const intlFormat =
  typeof Intl !== 'undefined' && typeof Intl.RelativeTimeFormat === 'function'
    ? new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
    : null;
const formatRelative = (value: number, unit: TimeUnit) =>
  intlFormat ? intlFormat.format(value, unit) : relativeTimeFallback(value, unit);

/** "5 minutes ago", "yesterday": how long ago a notification came. */
export function timeAgo(iso: string, nowMs = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - nowMs) / 1000);
  if (Number.isNaN(seconds)) return '';
  const steps: [TimeUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return formatRelative(Math.round(seconds / size), unit);
  }
  return formatRelative(0, 'second');
}

function moveFocus(e: KeyboardEvent<HTMLDivElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-nav]:not([disabled])')];
  const at = controls.indexOf(document.activeElement as HTMLElement);
  const next = controls[e.key === 'ArrowDown' ? Math.min(at + 1, controls.length - 1) : Math.max(at - 1, 0)];
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

export function NotificationsDropdown({
  userId,
  open,
  onToggle,
  onClose,
  panelId,
  wrapRef,
  buttonRef,
}: NotificationsDropdownProps) {
  const list = useNotifications(userId);
  const markRead = useMarkNotificationRead(userId);
  const deleteAll = useDeleteAllNotifications(userId);
  const push = useWebPush(useViewerKey());
  const navigate = useNavigate();
  const panelRef = useRef<HTMLDivElement>(null);
  const items = list.data?.notifications ?? [];
  const unread = list.data?.unread_count ?? 0;

  // Opening moves focus into the panel, so a keyboard or remote goes on from there.
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('[data-nav]:not([disabled])')?.focus();
  }, [open]);

  const handleOpen = (n: Notification) => {
    onClose();
    if (n.is_read === '0') markRead.mutate(n.id);
    if (n.item_id !== null) void navigate(`/watchEpisodes/${n.item_id}`);
  };

  const handleDeleteAll = () => {
    // Spec §5: nothing happens when there is nothing to delete.
    if (items.length === 0 || deleteAll.isPending) return;
    deleteAll.mutate(undefined, {
      onSuccess: () => showToast(NOTIFICATION_TEXTS.deletedAll, { tone: 'success' }),
      onError: () => showToast(NOTIFICATION_TEXTS.deleteFailed, { tone: 'error' }),
    });
  };

  const handleEnablePush = () => {
    push.enable().catch(() => showToast(NOTIFICATION_TEXTS.pushFailed, { tone: 'error' }));
  };

  return (
    <div className="header-dropdown" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="header-icon-btn notification-bell"
        aria-label={NOTIFICATION_TEXTS.bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        data-nav-closable=""
        onClick={onToggle}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="notification-bell__count" aria-hidden="true" data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div
        id={panelId}
        ref={panelRef}
        className="header-dropdown__panel header-notifications"
        hidden={!open}
        onKeyDown={moveFocus}
      >
        <div className="header-notifications__head">
          <h2 className="header-notifications__title">{NOTIFICATION_TEXTS.title}</h2>
          <button
            type="button"
            className="header-notifications__clear"
            data-nav
            aria-disabled={items.length === 0 || deleteAll.isPending}
            onClick={handleDeleteAll}
          >
            {NOTIFICATION_TEXTS.deleteAll}
          </button>
        </div>
        {list.isPending ? (
          <p className="header-notifications__empty" role="status">
            {MESSAGES.loading}
          </p>
        ) : list.isError && items.length === 0 ? (
          <p className="header-notifications__empty" role="status">
            {NOTIFICATION_TEXTS.loadFailed}
          </p>
        ) : items.length === 0 ? (
          <p className="header-notifications__empty">{NOTIFICATION_TEXTS.empty}</p>
        ) : (
          <ul className="header-notifications__list" aria-label={NOTIFICATION_TEXTS.title}>
            {items.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  className="header-notifications__item"
                  data-nav
                  data-unread={n.is_read === '0' || undefined}
                  onClick={() => handleOpen(n)}
                >
                  <span className="header-notifications__item-title">
                    {n.is_read === '0' && <span className="visually-hidden">Unread: </span>}
                    {n.title}
                  </span>
                  <span className="header-notifications__content">{n.content}</span>
                  <time className="header-notifications__time" dateTime={n.created_at}>
                    {timeAgo(n.created_at)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
        )}
        {push.state !== 'unsupported' && (
          <div className="header-notifications__push">
            {push.state === 'available' || push.state === 'working' ? (
              <button
                type="button"
                className="header-notifications__push-btn"
                data-nav
                disabled={push.state === 'working'}
                onClick={handleEnablePush}
              >
                {NOTIFICATION_TEXTS.enablePush}
              </button>
            ) : (
              <p className="header-notifications__push-note">
                {push.state === 'on' ? NOTIFICATION_TEXTS.pushEnabled : NOTIFICATION_TEXTS.pushDenied}
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HISTORY_TEXTS, TOAST_SHORT_MS, type HistoryEntry } from '@bosphorus/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../components/ui/toast';
import { TitleCardSkeleton } from '../../../components/ui/title-card';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteAllHistory } from '../api/delete-history';
import { useHistory } from '../api/get-history';
import { entryKey, HistoryCard } from './history-card';
import './history.css';

// Spec §2 Profile area → History, §4 Other screens (filter all / movies /
// series; a series shown once), §8 delete-all texts, §9 3-s toasts. The
// route (RequireAuth need="subscribed") shows the not-subscribed notice
// instead of this page to a user without a plan.

export const HISTORY_FILTERS = [
  { value: 'all', label: HISTORY_TEXTS.filterAll },
  { value: 'movies', label: HISTORY_TEXTS.filterMovies },
  { value: 'series', label: HISTORY_TEXTS.filterSeries },
] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number]['value'];

export function filterHistory(entries: HistoryEntry[], filter: HistoryFilter): HistoryEntry[] {
  if (filter === 'all') return entries;
  return entries.filter((e) => (filter === 'movies' ? e.type === 'movie' : e.type === 'series'));
}

const asFilter = (value: string | null): HistoryFilter => (value === 'movies' || value === 'series' ? value : 'all');

export function HistoryPage() {
  useDocumentTitle(pageTitle(HISTORY_TEXTS.title));
  const user = useCurrentUser();
  const history = useHistory(user?.user_id ?? '');
  const deleteAll = useDeleteAllHistory();
  const [params, setParams] = useSearchParams();
  const filter = asFilter(params.get('type'));
  const [confirming, setConfirming] = useState(false);

  const entries = history.data?.history ?? [];
  const shown = filterHistory(entries, filter);

  const handleFilter = (value: HistoryFilter) =>
    setParams(value === 'all' ? {} : { type: value }, { replace: true, preventScrollReset: true });

  const handleDelete = async () => {
    if (!user || deleteAll.isPending) return;
    try {
      await deleteAll.mutateAsync(user.user_id);
      showToast(HISTORY_TEXTS.deletedAll, { tone: 'success', durationMs: TOAST_SHORT_MS });
    } catch {
      showToast(HISTORY_TEXTS.deleteFailed, { tone: 'error', durationMs: TOAST_SHORT_MS });
    } finally {
      setConfirming(false);
    }
  };

  if (!user) return null;
  return (
    <main id="main" className="page history-page">
      <div className="history-page__head">
        <h1 className="page-title">{HISTORY_TEXTS.title}</h1>
        {entries.length ? (
          <button type="button" className="btn btn--ghost" onClick={() => setConfirming(true)}>
            {HISTORY_TEXTS.deleteAllButton}
          </button>
        ) : null}
      </div>

      <div className="history-filters" role="group" aria-label="Show">
        {HISTORY_FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className="history-filter"
            aria-pressed={filter === f.value}
            onClick={() => handleFilter(f.value)}
          >
            {f.label}
          </button>
        ))}
      </div>

      {history.isPending ? (
        <div className="card-grid" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <TitleCardSkeleton key={i} />
          ))}
        </div>
      ) : history.isError ? (
        <section className="empty-state" role="alert">
          <h2>Your history could not be loaded</h2>
          <p>Check your connection and try again.</p>
          <button
            data-nav-entry="retry"
            type="button"
            className="btn btn--primary"
            onClick={() => void history.refetch()}
          >
            Try again
          </button>
        </section>
      ) : entries.length === 0 ? (
        <section className="empty-state">
          <h2>{HISTORY_TEXTS.empty}</h2>
          <p>{HISTORY_TEXTS.emptyHint}</p>
          <p>
            <Link className="btn btn--primary" to="/allseries">
              {HISTORY_TEXTS.browse}
            </Link>
          </p>
        </section>
      ) : shown.length === 0 ? (
        <section className="empty-state">
          <h2>{HISTORY_TEXTS.emptyFiltered}</h2>
        </section>
      ) : (
        <ul className="card-grid history-grid" aria-label={HISTORY_TEXTS.title}>
          {shown.map((entry) => (
            <li key={entryKey(entry)}>
              <HistoryCard entry={entry} />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={confirming}
        title={HISTORY_TEXTS.confirmTitle}
        text={HISTORY_TEXTS.confirmText}
        confirmLabel={HISTORY_TEXTS.confirmDelete}
        cancelLabel={HISTORY_TEXTS.cancel}
        busy={deleteAll.isPending}
        onConfirm={() => void handleDelete()}
        onCancel={() => setConfirming(false)}
      />
    </main>
  );
}

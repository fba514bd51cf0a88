import { useState } from 'react';
import { Link } from 'react-router';
import {
  ADMIN_TEXTS,
  INBOX_KINDS,
  INBOX_STATUSES,
  type InboxItem,
  type InboxKind,
  type InboxStatus,
} from '@bosphorus/contract';
import { useInbox, useSetInboxStatus } from '../api/console-api';
import { ConsoleTable, Loaded, Outcome, SidePanel, When } from './console-ui';
import { playerLinkOf } from '../utils/player-link';

// The inbox (issue 17): issue reports (every spec §3 field, and a link that
// opens the player where the viewer was), contact messages and the web
// app's error reports, each new / seen / resolved.

function ItemPanel({ item, onClose }: { item: InboxItem; onClose: () => void }) {
  const setStatus = useSetInboxStatus();
  const player = item.kind === 'reports' ? playerLinkOf(item.fields) : null;
  return (
    <SidePanel title={item.summary.slice(0, 80) || ADMIN_TEXTS.inboxKinds[item.kind]} onClose={onClose}>
      <p>
        {ADMIN_TEXTS.inboxKinds[item.kind]} #{item.id} · <When at={item.received_at} />
        {item.user_id !== null ? ` · user ${item.user_id}` : ''}
      </p>
      {player ? (
        <p>
          <Link to={player.to} className="btn btn--secondary">
            {ADMIN_TEXTS.openPlayer}
          </Link>
          {player.position !== null ? ` ${ADMIN_TEXTS.position}: ${player.position}` : null}
        </p>
      ) : null}
      <div className="console__actions" role="group" aria-label="Status">
        {INBOX_STATUSES.filter((s) => s !== item.status).map((status) => (
          <button
            key={status}
            type="button"
            className="btn btn--secondary"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate({ kind: item.kind, id: item.id, status }, { onSuccess: onClose })}
          >
            {ADMIN_TEXTS.markAs(ADMIN_TEXTS.inboxStatuses[status])}
          </button>
        ))}
      </div>
      <Outcome text={setStatus.isError ? setStatus.error.message : null} error={setStatus.isError} />
      <dl className="console__facts console__facts--wide">
        {Object.entries(item.fields).map(([name, value]) => (
          <div key={name} className="console__fact">
            <dt>{name}</dt>
            <dd>{value === null || value === '' ? <span className="console__none">—</span> : value}</dd>
          </div>
        ))}
      </dl>
    </SidePanel>
  );
}

export function InboxPage() {
  const [kind, setKind] = useState<InboxKind>('reports');
  const [status, setStatus] = useState<InboxStatus | null>('new');
  const [open, setOpen] = useState<InboxItem | null>(null);
  const inbox = useInbox(kind, status);
  const items = inbox.data?.pages.flatMap((p) => p.items) ?? [];
  const newCount = inbox.data?.pages[0]?.new_count ?? 0;
  const changed = useSetInboxStatus();
  return (
    <main id="main" className="console-page">
      <h1>{ADMIN_TEXTS.inbox}</h1>
      <div className="console__filters">
        <div className="console__segments" role="group" aria-label={ADMIN_TEXTS.inbox}>
          {INBOX_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              className="console__segment"
              aria-pressed={k === kind}
              onClick={() => setKind(k)}
            >
              {ADMIN_TEXTS.inboxKinds[k]}
              {k === kind && newCount > 0 ? ` (${newCount})` : ''}
            </button>
          ))}
        </div>
        <label className="console__select">
          Status
          <select
            value={status ?? ''}
            onChange={(e) => setStatus(e.target.value === '' ? null : (e.target.value as InboxStatus))}
          >
            <option value="">{ADMIN_TEXTS.allStatuses}</option>
            {INBOX_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ADMIN_TEXTS.inboxStatuses[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Loaded query={inbox} empty={ADMIN_TEXTS.inboxEmpty} isEmpty={() => items.length === 0}>
        {() => (
          <ConsoleTable
            actions
            columns={[
              'Received',
              kind === 'messages' ? 'Subject' : kind === 'reports' ? 'Note' : 'Message',
              'From',
              'Status',
            ]}
          >
            {items.map((item) => (
              <tr key={item.id}>
                <td>
                  <When at={item.received_at} />
                </td>
                <td className="console-table__summary">{item.summary}</td>
                <td>
                  {item.fields.usermail || item.fields.email || (item.user_id !== null ? `user ${item.user_id}` : '—')}
                </td>
                <td>
                  <span className={`console__badge console__badge--${item.status}`}>
                    {ADMIN_TEXTS.inboxStatuses[item.status]}
                  </span>
                </td>
                <td className="console-table__actions">
                  <button type="button" className="btn btn--secondary" onClick={() => setOpen(item)}>
                    {ADMIN_TEXTS.open}
                  </button>
                  {item.status !== 'resolved' ? (
                    <button
                      type="button"
                      className="btn btn--secondary"
                      disabled={changed.isPending}
                      onClick={() => changed.mutate({ kind: item.kind, id: item.id, status: 'resolved' })}
                    >
                      {ADMIN_TEXTS.markAs(ADMIN_TEXTS.inboxStatuses.resolved)}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </Loaded>
      <Outcome
        text={changed.isError ? changed.error.message : (changed.data?.message ?? null)}
        error={changed.isError}
      />
      {inbox.hasNextPage ? (
        <p>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={inbox.isFetchingNextPage}
            onClick={() => void inbox.fetchNextPage()}
          >
            {ADMIN_TEXTS.olderItems}
          </button>
        </p>
      ) : null}
      {open ? <ItemPanel item={open} onClose={() => setOpen(null)} /> : null}
    </main>
  );
}

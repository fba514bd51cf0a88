import { ADMIN_TEXTS, MESSAGES, type AuditEntry } from '@bosphorus/contract';
import { useAuditLog } from '../api/get-audit-log';

// The audit log (issue 17): every operator action, newest first, read-only
// here (the table is append-only in the database too, migration 0015).

const stamp = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

function Values({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="console__none">—</span>;
  return <pre className="console__json">{JSON.stringify(value, null, 2)}</pre>;
}

function Row({ entry }: { entry: AuditEntry }) {
  return (
    <tr>
      <td>
        <time dateTime={entry.at}>{stamp.format(new Date(entry.at))} UTC</time>
      </td>
      <td>{entry.actor}</td>
      <td>
        <code>{entry.action}</code>
      </td>
      <td>
        {entry.target_type}
        {entry.target_id === null ? '' : ` ${entry.target_id}`}
      </td>
      <td>
        <Values value={entry.before} />
      </td>
      <td>
        <Values value={entry.after} />
      </td>
    </tr>
  );
}

export function AuditLogPage() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <main id="main" className="console-page">
      <h1>{ADMIN_TEXTS.auditLog}</h1>
      {log.isPending ? (
        <p role="status">{MESSAGES.loading}</p>
      ) : log.isError ? (
        <p role="alert">{log.error.message}</p>
      ) : entries.length === 0 ? (
        <p>{ADMIN_TEXTS.auditEmpty}</p>
      ) : (
        <div className="console-table__wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <Row key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasNextPage ? (
        <p>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {ADMIN_TEXTS.olderEntries}
          </button>
        </p>
      ) : null}
    </main>
  );
}

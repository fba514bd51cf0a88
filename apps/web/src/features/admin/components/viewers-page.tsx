import { useState, type FormEvent } from 'react';
import { ADMIN_TEXTS, MAX_GRANT_DAYS, type AdminUserRow } from '@bosphorus/contract';
import { useUserAction, useUserDetail, useUserSearch, type UserAction } from '../api/console-api';
import { ConfirmButton, ConsoleTable, Loaded, Outcome, SidePanel, When } from './console-ui';

// Viewers (issue 17): find an account by e-mail or name, see its plan,
// payments and sessions; ban and unban, grant a plan, end sessions — the
// same services as `npm run admin`, each audited.

function money(minor: number, currency: string) {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);
}

function ViewerPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useUserDetail(id);
  const action = useUserAction();
  const [days, setDays] = useState('30');
  const act = (kind: UserAction) => action.mutate({ id, action: kind, days: Number(days) });
  const title = detail.data?.user.email;
  return (
    <SidePanel title={title ?? ADMIN_TEXTS.viewers} onClose={onClose}>
      <Loaded query={detail}>
        {(data) => (
          <>
            <dl className="console__facts">
              <dt>Name</dt>
              <dd>{data.user.name}</dd>
              <dt>Role</dt>
              <dd>{data.user.role}</dd>
              <dt>Status</dt>
              <dd>{data.user.banned ? 'Banned' : data.user.verified ? 'Active' : 'Not verified'}</dd>
              <dt>Joined</dt>
              <dd>
                <When at={data.user.created_at} />
              </dd>
              <dt>{ADMIN_TEXTS.plan}</dt>
              <dd>
                {data.user.plan_ends_at ? (
                  <>
                    Until <When at={data.user.plan_ends_at} />
                  </>
                ) : (
                  ADMIN_TEXTS.noPlan
                )}
              </dd>
            </dl>

            <div className="console__actions">
              {data.user.banned ? (
                <button
                  type="button"
                  className="btn btn--secondary"
                  disabled={action.isPending}
                  onClick={() => act('unban')}
                >
                  {ADMIN_TEXTS.unbanAction}
                </button>
              ) : (
                <ConfirmButton
                  label={ADMIN_TEXTS.banAction}
                  question={ADMIN_TEXTS.confirmBan(data.user.email)}
                  disabled={action.isPending}
                  onConfirm={() => act('ban')}
                />
              )}
              <ConfirmButton
                label={ADMIN_TEXTS.endSessionsAction}
                question={ADMIN_TEXTS.confirmEndSessions(data.user.email)}
                disabled={action.isPending}
                onConfirm={() => act('end-sessions')}
              />
            </div>
            <form
              className="console__inline-form"
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                act('plan');
              }}
            >
              <label>
                {ADMIN_TEXTS.grantDays}
                <input
                  type="number"
                  min={1}
                  max={MAX_GRANT_DAYS}
                  required
                  value={days}
                  onChange={(e) => setDays(e.target.value)}
                />
              </label>
              <button type="submit" className="btn btn--secondary" disabled={action.isPending}>
                {ADMIN_TEXTS.grantPlanAction}
              </button>
            </form>
            <Outcome
              text={action.isError ? action.error.message : (action.data?.message ?? null)}
              error={action.isError}
            />

            <h3>{ADMIN_TEXTS.plan}</h3>
            {data.subscriptions.length === 0 ? (
              <p>{ADMIN_TEXTS.noPlan}</p>
            ) : (
              <ConsoleTable small columns={['Plan', 'Provider', 'Status', 'Ends']}>
                {data.subscriptions.map((s) => (
                  <tr key={s.id}>
                    <td>{s.plan}</td>
                    <td>{s.provider}</td>
                    <td>
                      {s.status}
                      {s.cancel_at_period_end ? ' (cancels)' : ''}
                    </td>
                    <td>
                      <When at={s.current_period_end} />
                    </td>
                  </tr>
                ))}
              </ConsoleTable>
            )}

            <h3>{ADMIN_TEXTS.payments}</h3>
            {data.payments.length === 0 ? (
              <p>{ADMIN_TEXTS.noPayments}</p>
            ) : (
              <ConsoleTable small columns={['When', 'Plan', 'Amount', 'Status']}>
                {data.payments.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <When at={p.created_at} />
                    </td>
                    <td>{p.plan}</td>
                    <td>
                      {money(p.amount_minor, p.currency)} ({p.gateway})
                    </td>
                    <td>{p.status}</td>
                  </tr>
                ))}
              </ConsoleTable>
            )}

            <h3>{ADMIN_TEXTS.sessions}</h3>
            {data.sessions.length === 0 ? (
              <p>{ADMIN_TEXTS.noSessions}</p>
            ) : (
              <ConsoleTable small columns={['Since', 'Last used', 'Device']}>
                {data.sessions.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <When at={s.started_at} />
                    </td>
                    <td>
                      <When at={s.last_used_at} />
                    </td>
                    <td>
                      {s.user_agent ?? '—'}
                      {s.ip ? ` · ${s.ip}` : ''}
                    </td>
                  </tr>
                ))}
              </ConsoleTable>
            )}
          </>
        )}
      </Loaded>
    </SidePanel>
  );
}

function Row({ user, onOpen }: { user: AdminUserRow; onOpen: () => void }) {
  return (
    <tr>
      <td>{user.email}</td>
      <td>{user.name}</td>
      <td>{user.plan_ends_at ? <When at={user.plan_ends_at} /> : ADMIN_TEXTS.noPlan}</td>
      <td>
        {user.banned ? <span className="console__badge console__badge--bad">Banned</span> : 'Active'}
        {user.role === 'admin' ? <span className="console__badge">operator</span> : null}
      </td>
      <td>
        <When at={user.created_at} />
      </td>
      <td className="console-table__actions">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={onOpen}
          aria-label={`${ADMIN_TEXTS.open} ${user.email}`}
        >
          {ADMIN_TEXTS.open}
        </button>
      </td>
    </tr>
  );
}

export function ViewersPage() {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const users = useUserSearch(query);
  return (
    <main id="main" className="console-page">
      <h1>{ADMIN_TEXTS.viewers}</h1>
      <form
        className="console__filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(draft.trim());
        }}
      >
        <input
          type="search"
          aria-label={ADMIN_TEXTS.userSearch}
          placeholder={ADMIN_TEXTS.userSearch}
          value={draft}
          maxLength={320}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn btn--primary">
          {ADMIN_TEXTS.userSearchButton}
        </button>
      </form>
      <Loaded query={users} empty={ADMIN_TEXTS.noUsers} isEmpty={(d) => d.users.length === 0}>
        {(data) => (
          <ConsoleTable actions columns={['E-mail', 'Name', 'Plan until', 'Status', 'Joined']}>
            {data.users.map((user) => (
              <Row key={user.id} user={user} onOpen={() => setOpen(user.id)} />
            ))}
          </ConsoleTable>
        )}
      </Loaded>
      {open !== null ? <ViewerPanel id={open} onClose={() => setOpen(null)} /> : null}
    </main>
  );
}

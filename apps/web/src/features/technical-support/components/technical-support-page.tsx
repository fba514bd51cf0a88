import { useCallback, useEffect, useState } from 'react';
import { TECH_SUPPORT_TEXTS as T, type TechSupportBody } from '@bosphorus/contract';
import { Spinner } from '../../../components/ui/spinner';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { useTechnicalSupport } from '../api/get-technical-support';
import { BACKEND_CHECKS, timeFetch, type BackendCheck, type CheckResult } from '../api/run-checks';
import './technical-support.css';

// Spec §2 Profile area → Technical support (decision 0053): the IP address,
// user agent and VPN flag from our backend; a button that clears all browser
// storage and reloads; the CDN test (the media origins: the player's
// playlist and a segment from Main, a segment from Backup) and the backend
// test (the site, the API, a signed-in call), each a success with its
// milliseconds or a failure with its status code. Real buttons only, so the
// remote's spatial navigation reaches everything on a TV.

type CdnCheck = TechSupportBody['cdn'][number]['id'];
type Results = Partial<Record<CdnCheck | BackendCheck, CheckResult | 'running'>>;

const BACKEND_ORDER: BackendCheck[] = ['root', 'api', 'signedIn'];

/** Spec §2: "clears all browser storage and reloads", through the start-up script when it is there. */
function clearAndReload() {
  const reload = () => window.location.reload();
  if (window.__bosphorusStartup?.clearAll) {
    window.__bosphorusStartup.clearAll(reload);
    return;
  }
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage refused: nothing to clear
  }
  reload();
}

function CheckRow({ label, result }: { label: string; result: CheckResult | 'running' | undefined }) {
  const state = result === undefined || result === 'running' ? 'running' : result.ok ? 'ok' : 'failed';
  const text =
    result === undefined || result === 'running' ? T.running : result.ok ? T.ok(result.ms) : T.failed(result.status);
  return (
    <li className={`tech-check tech-check--${state}`}>
      <span className="tech-check__name">{label}</span>
      <span className="tech-check__result">{text}</span>
    </li>
  );
}

export function TechnicalSupportPage() {
  useDocumentTitle(pageTitle(T.title));
  const info = useTechnicalSupport();
  const [results, setResults] = useState<Results>({});
  const [run, setRun] = useState(0);
  const cdn = info.data?.cdn;

  const runChecks = useCallback(
    (signal: { cancelled: boolean }) => {
      const set = (id: CdnCheck | BackendCheck, result: CheckResult | 'running') => {
        if (!signal.cancelled) setResults((current) => ({ ...current, [id]: result }));
      };
      // One after another: parallel downloads would time each other.
      void (async () => {
        for (const id of BACKEND_ORDER) set(id, 'running');
        for (const check of cdn ?? []) set(check.id, 'running');
        for (const id of BACKEND_ORDER) set(id, await BACKEND_CHECKS[id]());
        for (const check of cdn ?? []) set(check.id, await timeFetch(check.url, { mode: 'cors', credentials: 'omit' }));
      })();
    },
    [cdn],
  );

  useEffect(() => {
    if (info.isPending) return;
    const signal = { cancelled: false };
    runChecks(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [info.isPending, runChecks, run]);

  const running = Object.values(results).some((r) => r === 'running');
  const connection = info.data?.connection;
  const vpn = connection ? (connection.vpn === null ? T.vpnUnknown : connection.vpn ? T.vpnYes : T.vpnNo) : '';

  return (
    <main id="main" className="page tech-support">
      <h1 className="page-title">{T.title}</h1>
      <p className="tech-support__intro">{T.intro}</p>
      <p>
        {/* aria-disabled, not disabled: a disabled button drops the focus, and the
            remote's focus ring would vanish each time OK runs the checks. */}
        {/* On a TV focus starts here, never on Clear browser storage: OK pressed
            by habit on arrival must not wipe the viewer's storage. At the top
            of the page, so the page opens at its top with its first section
            in view on every engine (issue 26). */}
        <button
          type="button"
          className="btn btn--primary"
          data-nav-entry=""
          aria-disabled={running || info.isPending}
          onClick={() => {
            if (!running && !info.isPending) setRun((n) => n + 1);
          }}
        >
          {running ? T.running : T.runAgain}
        </button>
      </p>

      <section className="tech-support__section" aria-labelledby="tech-connection">
        <h2 id="tech-connection">{T.connection}</h2>
        {info.isPending ? (
          <Spinner label={T.running} />
        ) : info.isError ? (
          <p role="alert">{T.infoFailed}</p>
        ) : (
          <dl className="tech-support__facts">
            <dt>{T.ipAddress}</dt>
            <dd>{connection!.ip}</dd>
            <dt>{T.userAgent}</dt>
            <dd>{connection!.user_agent}</dd>
            <dt>{T.vpn}</dt>
            <dd>{vpn}</dd>
          </dl>
        )}
        <p>
          <button type="button" className="btn btn--ghost" onClick={clearAndReload}>
            {T.clearStorage}
          </button>
        </p>
      </section>

      <section className="tech-support__section" aria-labelledby="tech-cdn">
        <h2 id="tech-cdn">{T.cdnGroup}</h2>
        <ul className="tech-checks">
          {(cdn ?? [{ id: 'mainManifest' }, { id: 'mainSegment' }, { id: 'backupSegment' }]).map((check) => (
            <CheckRow
              key={check.id}
              label={T.checks[check.id as CdnCheck]}
              result={info.isError ? { ok: false, status: null } : results[check.id as CdnCheck]}
            />
          ))}
        </ul>
      </section>

      <section className="tech-support__section" aria-labelledby="tech-backend">
        <h2 id="tech-backend">{T.backendGroup}</h2>
        <ul className="tech-checks">
          {BACKEND_ORDER.map((id) => (
            <CheckRow key={id} label={T.checks[id]} result={results[id]} />
          ))}
        </ul>
      </section>
    </main>
  );
}

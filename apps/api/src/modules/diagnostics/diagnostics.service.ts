import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ErrorReportForm } from '@bosphorus/contract';
import type { DiagnosticsRepository } from './diagnostics.repository.js';

// Client error reports and the technical support answers (decision 0053).

/** Headers that only a proxy adds to a request (RFC 7230 Via, RFC 7239 Forwarded, and common vendor ones). */
const PROXY_HEADERS = ['via', 'forwarded', 'proxy-connection', 'x-proxy-id', 'x-bluecoat-via', 'client-ip'];

/**
 * Our own backend's VPN/proxy flag: the request came through a proxy we do
 * not run — a proxy header, or more X-Forwarded-For hops than the proxies we
 * trust (TRUST_PROXY) account for. A VPN that tunnels at the network level
 * leaves no such trace: "not detected", never "no VPN".
 */
export function proxyEvident(req: Pick<FastifyRequest, 'headers' | 'ips'>): boolean {
  if (PROXY_HEADERS.some((name) => req.headers[name] !== undefined)) return true;
  const forwarded = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean).length;
  // req.ips: the socket's address, then each trusted hop's client, nearest first.
  const believed = Math.max(0, (req.ips?.length ?? 1) - 1);
  return hops > believed;
}

const TRUE_WORDS = new Set(['yes', 'true', '1']);
const VPN_KEYS = new Set(['vpn', 'proxy', 'is_vpn', 'is_proxy', 'isvpn', 'isproxy', 'tor', 'is_tor']);

/**
 * True when a lookup service's JSON flags the address: any of the usual
 * field names (vpn, proxy, is_vpn, is_proxy, tor…) true or "yes", up to three
 * levels deep (proxycheck.io nests under the address, vpnapi.io under
 * "security", ipapi.is is flat). False when it names one and none is set;
 * null when the answer names none.
 */
export function lookupSaysVpn(answer: unknown, depth = 0): boolean | null {
  if (answer === null || typeof answer !== 'object' || depth > 3) return null;
  let seen = false;
  for (const [key, value] of Object.entries(answer as Record<string, unknown>)) {
    if (VPN_KEYS.has(key.toLowerCase()) && (typeof value === 'boolean' || typeof value === 'string')) {
      seen = true;
      if (value === true || (typeof value === 'string' && TRUE_WORDS.has(value.toLowerCase()))) return true;
    } else if (typeof value === 'object') {
      const nested = lookupSaysVpn(value, depth + 1);
      if (nested === true) return true;
      if (nested === false) seen = true;
    }
  }
  return seen ? false : null;
}

const LOOKUP_TIMEOUT_MS = 3_000;
const LOOKUP_CACHE_MS = 3_600_000;
const LOOKUP_CACHE_MAX = 10_000;

// ───────────── the CDN probe (decision 0053) ─────────────

/** One 1-second segment in a VOD playlist, as the player's playlists are shaped. */
export const PROBE_PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-TARGETDURATION:1',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXTINF:1.000,',
  'segment.ts',
  '#EXT-X-ENDLIST',
  '',
].join('\n');

/** MPEG-TS packets of the null PID (0x1FFF): a valid transport stream of about 256 KB, no picture. */
export const PROBE_SEGMENT: Buffer = (() => {
  const packet = Buffer.alloc(188, 0xff);
  packet.set([0x47, 0x1f, 0xff, 0x10]);
  return Buffer.concat(Array.from({ length: 1394 }, () => packet));
})();

export interface DiagnosticsServiceDeps {
  repo: DiagnosticsRepository;
  /** VPN_CHECK_URL with `{ip}`, or null. */
  vpnCheckUrl: string | null;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
}

export function createDiagnosticsService({ repo, vpnCheckUrl, log, fetch: fetcher = fetch }: DiagnosticsServiceDeps) {
  const lookups = new Map<string, { vpn: boolean | null; until: number }>();

  async function lookup(ip: string): Promise<boolean | null> {
    const cached = lookups.get(ip);
    if (cached && cached.until > Date.now()) return cached.vpn;
    let vpn: boolean | null = null;
    try {
      const res = await fetcher(vpnCheckUrl!.replace('{ip}', encodeURIComponent(ip)), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      });
      if (res.ok) vpn = lookupSaysVpn(await res.json());
      else log.warn({ status: res.status }, 'VPN_CHECK_URL answered an error');
    } catch (error) {
      log.warn({ err: error }, 'VPN_CHECK_URL lookup failed');
    }
    if (lookups.size >= LOOKUP_CACHE_MAX) lookups.clear();
    lookups.set(ip, { vpn, until: Date.now() + LOOKUP_CACHE_MS });
    return vpn;
  }

  return {
    async recordErrorReport(report: ErrorReportForm, who: { userId: number | null; ip: string; userAgent: string }) {
      await repo.insertErrorReport({
        type: report.type,
        name: report.name ?? null,
        message: report.message,
        source: report.source ?? null,
        line: report.line ?? null,
        column: report.column ?? null,
        stack: report.stack ?? null,
        pageUrl: report.page_url ?? null,
        // The header when the report carries none (sendBeacon sends both alike).
        userAgent: report.user_agent ?? (who.userAgent || null),
        clientTimestamp: report.timestamp ?? null,
        frontendVersion: report.frontend_version,
        isTv: report.is_tv ?? null,
        userId: who.userId,
        ip: who.ip,
      });
    },

    /** Spec §2 Technical support: the VPN flag, by the configured lookup or by our own evidence. */
    async vpnFlag(req: Pick<FastifyRequest, 'headers' | 'ips' | 'ip'>): Promise<boolean | null> {
      if (proxyEvident(req)) return true;
      return vpnCheckUrl ? lookup(req.ip) : false;
    },
  };
}
export type DiagnosticsService = ReturnType<typeof createDiagnosticsService>;

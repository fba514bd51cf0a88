import { APP_VERSION, type IssueReportForm } from '@bosphorus/contract';
import { getToken, type StoredUser } from '../../../lib/auth-store';
import { BUILD_HASH, BUILD_TIMESTAMP } from './build-info';
import { withoutToken } from './player-link';

// Spec §3 Issue report and §5: every field but the note is filled by the
// client, so a person only says what went wrong. The video address is sent
// without its playback token: a report is read by operators and must not
// grant access to anyone who reads it.

/** What the page knows about the title being watched. */
export interface ReportContext {
  /** The series title, or the movie title on the movie page. */
  serieTitle: string;
  /** The episode title ('' on the movie page). */
  episodeTitle: string;
  /** The frame's address as loaded (the token is removed here). */
  frameSrc: string | null;
  /** The playback position now, in seconds: the console opens the player there (issue 17). */
  position?: () => number;
}

/** `?t=` of a watch page: where to start, in whole seconds (undefined: absent or not a number). */
export function startAtOf(params: URLSearchParams): number | undefined {
  const t = params.get('t') ?? '';
  return /^\d{1,6}$/.test(t) ? Number(t) : undefined;
}

interface NetworkInformationLike {
  effectiveType?: string;
}

/** The contract's length caps: a long address or user agent must not make the report a 400. */
const LIMITS = { link: 2_000, user_agent: 1_000, current_video_url: 2_000 } as const;

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

export function isIpad(nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  // iPadOS 13+ says 'Macintosh' in its user agent; a touch screen gives it away.
  return /iPad/i.test(nav.userAgent) || (nav.platform === 'MacIntel' && (nav.maxTouchPoints ?? 0) > 1);
}

export function isSafari(userAgent: string): boolean {
  return /^((?!chrome|android|crios|fxios|edg).)*safari/i.test(userAgent);
}

export function collectReportFields(
  note: string,
  context: ReportContext,
  user: StoredUser | null,
  env: { location: Location; navigator: Navigator; screen: Screen } = { location, navigator, screen },
): IssueReportForm {
  const nav = env.navigator;
  const connection = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  return {
    link: clip(env.location.href, LIMITS.link),
    note: note.trim(),
    usermail: user?.user_email ?? '',
    user_id: user ? String(user.user_id) : '',
    serie_title: context.serieTitle,
    episode_title: context.episodeTitle,
    frontend_version: APP_VERSION,
    build_timestamp: BUILD_TIMESTAMP,
    build_hash: BUILD_HASH,
    user_agent: clip(nav.userAgent, LIMITS.user_agent),
    screen_resolution: `${env.screen.width}x${env.screen.height}`,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'unknown',
    is_ipad: String(isIpad(nav)),
    is_safari: String(isSafari(nav.userAgent)),
    has_jwt: String(Boolean(getToken())),
    current_video_url: clip(withoutToken(context.frameSrc), LIMITS.current_video_url),
    network_status: nav.onLine === false ? 'offline' : 'online',
    connection_type: connection?.effectiveType || 'unknown',
    ...(context.position ? { position_seconds: String(Math.max(0, Math.floor(context.position()))) } : {}),
  };
}

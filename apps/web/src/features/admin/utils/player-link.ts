// Where an issue report's "Open the player there" goes: the console's own
// player of the title the report names (its `link` field, our own /watch/ID
// or /watchEpisodes/ID only — never an address a report could point
// elsewhere), at the playback position the report carries
// (`position_seconds`, as `t`). The console plays with its preview token,
// as it does a scheduled episode: an operator never needs a plan, and the
// viewers' watch page would send one without a plan to /choosepayment.

const PLAYER_PATH = /^\/(watch|watchEpisodes)\/(\d{1,15})$/;

/** The console's player of a title, at `seconds` when given (the Subtitles page's preview). */
export function consolePlayerPath(type: 'movie' | 'episode', id: number | string, seconds?: number | null): string {
  const t = seconds === undefined || seconds === null ? '' : `&t=${seconds}`;
  return `/admin/subtitles?type=${type}&id=${id}${t}`;
}

/** "1:02:05" or "2:05". */
export function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

export function playerLinkOf(fields: Record<string, string | null>): { to: string; position: string | null } | null {
  let path: string;
  try {
    path = new URL(fields.link ?? '', 'http://x').pathname;
  } catch {
    return null;
  }
  const match = PLAYER_PATH.exec(path);
  if (!match) return null;
  const type = match[1] === 'watch' ? 'movie' : 'episode';
  const raw = fields.position_seconds ?? '';
  const seconds = /^\d{1,6}$/.test(raw) ? Number(raw) : null;
  return { to: consolePlayerPath(type, match[2]!, seconds), position: seconds === null ? null : clock(seconds) };
}

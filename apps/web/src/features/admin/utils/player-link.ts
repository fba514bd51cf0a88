// Where an issue report's "Open the player there" goes: the report's page
// (its `link` field, our own /watch/ID or /watchEpisodes/ID only — never an
// address a report could point elsewhere) at the playback position the
// report carries (`position_seconds`, as `?t=`).

const PLAYER_PATH = /^\/(watch|watchEpisodes)\/\d{1,15}$/;

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
  if (!PLAYER_PATH.test(path)) return null;
  const raw = fields.position_seconds ?? '';
  const seconds = /^\d{1,6}$/.test(raw) ? Number(raw) : null;
  return seconds === null ? { to: path, position: null } : { to: `${path}?t=${seconds}`, position: clock(seconds) };
}

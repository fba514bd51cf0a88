// Where to go after signing in, registering, Google sign-in or paying: a
// path of this site only (issue 15, decision 0074). The web app reads it from
// `?next=`, the API keeps it in the sealed Google sign-in flow; both call this
// one function, so the sign-in pages can never send anyone elsewhere (an open
// redirect). Refused: another origin ('https://…', '//evil', '/\evil'),
// schemes, control characters, and the same tricks percent-encoded
// ('/%2F%2Fevil', '/%5Cevil'), however many times.

const MAX_LENGTH = 500;
const BASE = 'http://same.invalid';

/** Pages a `next` never names: going back to them would loop. */
const LOOP_PAGES = ['/signin', '/register'];

/** Every percent-decoding of `raw` (to a fixed point, a few rounds at most), or null when one is malformed. */
function decodings(raw: string): string[] | null {
  const out = [raw];
  let current = raw;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return out;
    out.push(next);
    current = next;
  }
  // Still changing after four rounds: nobody links like that.
  return null;
}

function hostile(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !text.startsWith('/') || text.startsWith('//') || text.includes('\\') || /[\u0000-\u001f\u007f]/.test(text);
}

export function safeNextPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  const forms = decodings(raw);
  if (!forms || forms.some(hostile)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // '/.//evil' resolves to '//evil': check what the URL made of it too.
  const path = url.pathname + url.search + url.hash;
  if (hostile(url.pathname)) return null;
  if (LOOP_PAGES.some((page) => url.pathname === page || url.pathname.startsWith(page + '/'))) return null;
  return path;
}

/** A watch page (`/watch/5`, `/watchEpisodes/12`): the sign-in and plan screens then say why they opened. */
export function isWatchPath(path: string | null): boolean {
  return path !== null && /^\/(watch|watchEpisodes)\/[^/?#]+/.test(path);
}

// Where the media of one title lives: `{origin}/media/{token}/`, with every
// path of info.json relative to it (notes/player-payments.md R3: the token in
// the path reaches every child request of a playlist without rewriting).

/** A token as the server issues it: URL-safe characters only, so it never needs escaping. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~-]{1,4096}$/;

export function isWellFormedToken(token: unknown): token is string {
  // '.' and '..' would name a folder above the title's: never a token.
  return typeof token === 'string' && TOKEN_PATTERN.test(token) && !/^\.+$/.test(token);
}

/** `https://media.example/media/<token>/` (absolute, with a trailing slash). */
export function mediaBase(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/media/${token}/`;
}

/**
 * An info.json path made absolute against the base. Null when the path
 * would leave the title's folder or the origin (an absolute URL, `//host`,
 * `..`): the page only ever requests its own title's files.
 */
export function resolveMediaPath(base: string, relative: string): string | null {
  if (!relative || /^[a-z][a-z0-9+.-]*:|^[/\\]/i.test(relative)) return null;
  let url: URL;
  try {
    url = new URL(relative, base);
  } catch {
    return null;
  }
  return url.href.startsWith(base) ? url.href : null;
}

/**
 * The same URL with a fresh token: the path segment after `/media/` and a
 * `token` query parameter, wherever the URL carries one. Other URLs come
 * back unchanged.
 */
export function swapToken(url: string, token: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const path = parsed.pathname.replace(/^\/media\/[^/]+\//, `/media/${token}/`);
  const changedPath = path !== parsed.pathname;
  const changedQuery = parsed.searchParams.has('token');
  if (!changedPath && !changedQuery) return url;
  parsed.pathname = path;
  if (changedQuery) parsed.searchParams.set('token', token);
  return parsed.href;
}

/** The same URL on another origin (failover keeps the path, token and query). */
export function moveToOrigin(url: string, origin: string): string {
  try {
    const parsed = new URL(url);
    const target = new URL(origin);
    parsed.protocol = target.protocol;
    parsed.host = target.host;
    return parsed.href;
  } catch {
    return url;
  }
}

/** `scheme://host[:port]` of an absolute URL, or null. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

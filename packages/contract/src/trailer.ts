/**
 * Spec §3/§4: trailers are video links in `?v=` or `.be/` form (also
 * `/embed/` and `/shorts/`). Returns the 11-character video id, or null.
 */
export function parseTrailerId(link: string | null | undefined): string | null {
  if (!link) return null;
  const patterns = [
    /[?&]v=([A-Za-z0-9_-]{11})/,
    /\.be\/([A-Za-z0-9_-]{11})/,
    /\/embed\/([A-Za-z0-9_-]{11})/,
    /\/shorts\/([A-Za-z0-9_-]{11})/,
  ];
  for (const re of patterns) {
    const m = re.exec(link);
    if (m) return m[1]!;
  }
  return /^[A-Za-z0-9_-]{11}$/.test(link) ? link : null;
}

/** The embeddable address for a trailer id (privacy-enhanced host). */
export function trailerEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}`;
}

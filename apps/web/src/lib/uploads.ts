/** Spec §3: images are a full https address or a file name under /uploads. */
export function uploadUrl(file: string | null | undefined): string {
  if (!file) return '';
  if (/^https?:\/\//.test(file) || file.startsWith('/')) return file;
  return `/uploads/${encodeURIComponent(file)}`;
}

/** The 960-px copy of a cover for srcset ('x-cover.webp' → 'x-cover-960.webp'). */
export function coverSrcSet(file: string | null | undefined): string | undefined {
  if (!file || /^https?:\/\//.test(file)) return undefined;
  const small = file.replace(/\.webp$/, '-960.webp');
  if (small === file) return undefined;
  return `${uploadUrl(small)} 960w, ${uploadUrl(file)} 1920w`;
}
